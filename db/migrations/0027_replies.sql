CREATE TABLE "firm_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"prop_firm_id" integer NOT NULL,
	"review_id" integer,
	"payout_report_id" integer,
	"author_id" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"auto_checks" text[] DEFAULT '{}' NOT NULL,
	"hide_reason" text,
	"moderated_by" text,
	"moderated_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_replies_one_target" CHECK (num_nonnulls("firm_replies"."review_id", "firm_replies"."payout_report_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "firm_replies" ADD CONSTRAINT "firm_replies_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_replies" ADD CONSTRAINT "firm_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_replies" ADD CONSTRAINT "firm_replies_payout_report_id_payout_reports_id_fk" FOREIGN KEY ("payout_report_id") REFERENCES "public"."payout_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_replies" ADD CONSTRAINT "firm_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firm_replies_review_idx" ON "firm_replies" USING btree ("review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "firm_replies_payout_report_idx" ON "firm_replies" USING btree ("payout_report_id");--> statement-breakpoint
CREATE INDEX "firm_replies_firm_status_idx" ON "firm_replies" USING btree ("prop_firm_id","status");--> statement-breakpoint
CREATE INDEX "firm_replies_held_idx" ON "firm_replies" USING btree ("created_at","id") WHERE "firm_replies"."status" = 'held';