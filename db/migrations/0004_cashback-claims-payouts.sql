CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"points" integer NOT NULL,
	"method" text NOT NULL,
	"destination" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_reference" text,
	"rejection_reason" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payouts_points_positive" CHECK ("payouts"."points" > 0)
);
--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD COLUMN "cashback_percentage" double precision;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD COLUMN "purchase_date" date;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_claims_order_idx" ON "cashback_claims" USING btree ("prop_firm_id",lower("order_reference"));--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_amount_positive" CHECK ("cashback_claims"."amount_spent" > 0);