CREATE TABLE "firm_payout_records" (
	"prop_firm_id" integer PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"tier_changed_at" timestamp with time zone NOT NULL,
	"median_days" double precision,
	"record" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firm_payout_tier_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"prop_firm_id" integer NOT NULL,
	"tier" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_report_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"image_hash" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"prop_firm_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer,
	"payout_method_id" integer,
	"requested_on" date,
	"received_on" date,
	"denied_on" date,
	"denial_reason" text,
	"account_id" integer,
	"funding_model_id" integer,
	"comment" text,
	"show_username" boolean DEFAULT false NOT NULL,
	"network" text,
	"transaction_reference" text,
	"processor" text,
	"processor_reference" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"grade" text,
	"rejection_reason" text,
	"revoked_at" timestamp with time zone,
	"verifications" integer DEFAULT 0 NOT NULL,
	"points_awarded" integer DEFAULT 0 NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_reports_amount_range" CHECK ("payout_reports"."amount_cents" between 100 and 100000000)
);
--> statement-breakpoint
ALTER TABLE "firm_payout_records" ADD CONSTRAINT "firm_payout_records_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_payout_tier_history" ADD CONSTRAINT "firm_payout_tier_history_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_report_images" ADD CONSTRAINT "payout_report_images_report_id_payout_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."payout_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reports" ADD CONSTRAINT "payout_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reports" ADD CONSTRAINT "payout_reports_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reports" ADD CONSTRAINT "payout_reports_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reports" ADD CONSTRAINT "payout_reports_account_id_firm_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."firm_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reports" ADD CONSTRAINT "payout_reports_funding_model_id_funding_models_id_fk" FOREIGN KEY ("funding_model_id") REFERENCES "public"."funding_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reports" ADD CONSTRAINT "payout_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firm_payout_tier_history_firm_idx" ON "firm_payout_tier_history" USING btree ("prop_firm_id","computed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_report_images_report_idx" ON "payout_report_images" USING btree ("report_id","position");--> statement-breakpoint
CREATE INDEX "payout_reports_firm_status_idx" ON "payout_reports" USING btree ("prop_firm_id","status","verified_at");--> statement-breakpoint
CREATE INDEX "payout_reports_user_idx" ON "payout_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_reports_status_idx" ON "payout_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payout_reports_flagged_idx" ON "payout_reports" USING btree ("created_at") WHERE jsonb_array_length("payout_reports"."flags") > 0;--> statement-breakpoint
CREATE INDEX "payout_reports_firm_amount_idx" ON "payout_reports" USING btree ("prop_firm_id","amount_cents","received_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_reports_transaction_idx" ON "payout_reports" USING btree ("transaction_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_reports_processor_ref_idx" ON "payout_reports" USING btree ("processor","processor_reference");