CREATE TABLE "firm_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"prop_firm_id" integer NOT NULL,
	"requested_by" text,
	"base" jsonb NOT NULL,
	"proposal" jsonb NOT NULL,
	"note" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firm_rule_changes" ADD COLUMN "reported_by_firm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_change_requests" ADD CONSTRAINT "firm_change_requests_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_change_requests" ADD CONSTRAINT "firm_change_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_change_requests" ADD CONSTRAINT "firm_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firm_change_requests_pending_idx" ON "firm_change_requests" USING btree ("prop_firm_id") WHERE "firm_change_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "firm_change_requests_firm_idx" ON "firm_change_requests" USING btree ("prop_firm_id","created_at");--> statement-breakpoint
CREATE INDEX "firm_change_requests_status_idx" ON "firm_change_requests" USING btree ("status","created_at");