CREATE TABLE "firm_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"prop_firm_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"work_email" text NOT NULL,
	"job_title" text NOT NULL,
	"note" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"code_tries" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"reject_reason" text,
	"confirmed_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firm_representatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"prop_firm_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"claim_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	"removed_reason" text
);
--> statement-breakpoint
ALTER TABLE "firm_claims" ADD CONSTRAINT "firm_claims_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_claims" ADD CONSTRAINT "firm_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_claims" ADD CONSTRAINT "firm_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_representatives" ADD CONSTRAINT "firm_representatives_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_representatives" ADD CONSTRAINT "firm_representatives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_representatives" ADD CONSTRAINT "firm_representatives_claim_id_firm_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."firm_claims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_representatives" ADD CONSTRAINT "firm_representatives_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firm_claims_user_idx" ON "firm_claims" USING btree ("user_id","prop_firm_id","created_at");--> statement-breakpoint
CREATE INDEX "firm_claims_waiting_idx" ON "firm_claims" USING btree ("confirmed_at") WHERE "firm_claims"."status" = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "firm_representatives_current_idx" ON "firm_representatives" USING btree ("prop_firm_id","user_id") WHERE "firm_representatives"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "firm_representatives_user_idx" ON "firm_representatives" USING btree ("user_id") WHERE "firm_representatives"."removed_at" is null;