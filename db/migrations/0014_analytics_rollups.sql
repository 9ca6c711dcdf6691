CREATE TABLE "analytics_daily_counts" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"key2" text DEFAULT '' NOT NULL,
	"key3" text DEFAULT '' NOT NULL,
	"n" bigint NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"samples" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rolled_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_through" timestamp with time zone NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL,
	"final" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_session_days" (
	"day" date NOT NULL,
	"session_id" text NOT NULL,
	"paths" text[] NOT NULL,
	"sources" text[] NOT NULL,
	CONSTRAINT "analytics_session_days_day_session_id_pk" PRIMARY KEY("day","session_id")
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "is_bot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_daily_counts_kind_idx" ON "analytics_daily_counts" USING btree ("kind","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_counts_day_idx" ON "analytics_daily_counts" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_session_days_session_idx" ON "analytics_session_days" USING btree ("session_id","day");--> statement-breakpoint
CREATE INDEX "activity_logs_created_idx" ON "activity_logs" USING btree ("created_at");