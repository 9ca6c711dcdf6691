CREATE TABLE "option_alert_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"old_price" numeric(12, 2),
	"new_price" numeric(12, 2) NOT NULL,
	"new_for" integer[] NOT NULL,
	"cheaper_for" integer[] NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "alerted_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "option_alert_states_firm_idx" ON "option_alert_states" USING btree ("prop_firm_id");--> statement-breakpoint
-- The (search, option) changes still waiting for an email become one row per option change.
INSERT INTO "option_alert_changes" ("account_id", "old_price", "new_price", "new_for", "cheaper_for", "created_at")
SELECT "account_id", max("old_price"), "new_price",
	coalesce(array_agg("saved_search_id" ORDER BY "saved_search_id") FILTER (WHERE "kind" = 'new'), '{}'),
	coalesce(array_agg("saved_search_id" ORDER BY "saved_search_id") FILTER (WHERE "kind" = 'cheaper'), '{}'),
	"created_at"
FROM "saved_search_changes"
WHERE "alert_id" IS NULL
GROUP BY "account_id", "created_at", "new_price"
ORDER BY min("id");--> statement-breakpoint
DROP TABLE "saved_search_changes" CASCADE;
