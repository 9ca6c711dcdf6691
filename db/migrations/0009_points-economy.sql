CREATE TABLE "offer_postbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text,
	"user_id" text,
	"points" integer,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"refusal_reason" text,
	"query" jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "points_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"week_start" date NOT NULL,
	"rank" integer NOT NULL,
	"review_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"points" integer NOT NULL,
	"score" integer NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD COLUMN "cashback_percentage" double precision;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD COLUMN "purchase_date" date;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_adjustments" ADD CONSTRAINT "points_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_adjustments" ADD CONSTRAINT "points_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_awards" ADD CONSTRAINT "review_awards_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_awards" ADD CONSTRAINT "review_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_awards" ADD CONSTRAINT "review_awards_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_postbacks_created_idx" ON "offer_postbacks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offer_postbacks_outcome_idx" ON "offer_postbacks" USING btree ("outcome","created_at");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "points_adjustments_user_idx" ON "points_adjustments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_awards_place_idx" ON "review_awards" USING btree ("week_start","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "review_awards_review_idx" ON "review_awards" USING btree ("week_start","review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_votes_one_idx" ON "review_votes" USING btree ("review_id","user_id");--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_claims_order_idx" ON "cashback_claims" USING btree ("prop_firm_id",lower("order_reference"));--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_amount_positive" CHECK ("cashback_claims"."amount_spent" > 0);