CREATE TABLE "analytics_hourly_counts" (
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"key2" text DEFAULT '' NOT NULL,
	"key3" text DEFAULT '' NOT NULL,
	"n" bigint NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"samples" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_hourly_counts_kind_idx" ON "analytics_hourly_counts" USING btree ("kind","hour");--> statement-breakpoint
-- Yesterday and today lose their rollups: the dashboards compute them from their raw rows (kept:
-- ANALYTICS_RAW_RETENTION_DAYS is at least 2) until the next run of the rollup job rolls them up
-- again, now with their hours. Their session days go too, or the raw part would find them.
DELETE FROM "analytics_daily_counts" WHERE "day" >= (now() at time zone 'UTC')::date - 1;--> statement-breakpoint
DELETE FROM "analytics_session_days" WHERE "day" >= (now() at time zone 'UTC')::date - 1;--> statement-breakpoint
DELETE FROM "analytics_rolled_days" WHERE "day" >= (now() at time zone 'UTC')::date - 1;
