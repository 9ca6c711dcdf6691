-- The last view rolled up of each session's day (decision 0061). The rows already there were
-- written by runs that ended on an hour boundary, before any hour a later run adds to: their day's
-- start says "not seen in that hour" as truly as the instant would.
ALTER TABLE "analytics_session_days" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "analytics_session_days" SET "last_seen_at" = "day"::timestamp AT TIME ZONE 'UTC';--> statement-breakpoint
ALTER TABLE "analytics_session_days" ALTER COLUMN "last_seen_at" SET NOT NULL;
