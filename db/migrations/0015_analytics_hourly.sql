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
-- Yesterday and today are rolled up again by the next run of the rollup job, which now also writes
-- their hourly rows (their raw rows are kept: ANALYTICS_RAW_RETENTION_DAYS is at least 2).
UPDATE "analytics_rolled_days" SET "final" = false WHERE "day" >= (now() at time zone 'UTC')::date - 1;
