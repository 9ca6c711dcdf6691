CREATE TABLE "activity_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_type" text NOT NULL,
	"user_id" text,
	"session_id" text,
	"prop_firm_id" integer,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"referrer_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashback_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"prop_firm_id" integer NOT NULL,
	"order_reference" text NOT NULL,
	"amount_spent" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"points_awarded" integer,
	"proof_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"title" text,
	"session_id" text NOT NULL,
	"user_id" text,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"load_time" integer,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"first_name" text,
	"username" text,
	"display_username" text,
	"role" text DEFAULT 'user' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text,
	"content" text DEFAULT '' NOT NULL,
	"category" text,
	"featured_image" text,
	"author" text,
	"read_time" integer,
	"published" boolean DEFAULT false NOT NULL,
	"publish_date" timestamp with time zone,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"template_enabled" boolean DEFAULT false NOT NULL,
	"template_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"coupon_id" integer NOT NULL,
	"visitor_key" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"visitor_key" text NOT NULL,
	"worked" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text,
	"code" text NOT NULL,
	"title" text,
	"description" text,
	"discount_percent" double precision,
	"expiry_date" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"image" text,
	"logo" text,
	"firm_name" text,
	"affiliate_url" text,
	"terms" text,
	"prop_firm_id" integer,
	"last_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "giveaway_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"giveaway_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"ticket_number" integer NOT NULL,
	"social_media_handle" text,
	"entry_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaways" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"giveaway_image" text,
	"giveaway_link" text,
	"prize_description" text,
	"prize_value" text,
	"status" text DEFAULT 'active' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"max_entries" integer,
	"winner_count" integer DEFAULT 1 NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text,
	"winner_user_ids" text[] DEFAULT '{}' NOT NULL,
	"winner_ticket_numbers" integer[] DEFAULT '{}' NOT NULL,
	"prop_firm_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaways_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"source" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "quick_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"prop_firm_id" integer NOT NULL,
	"user_id" text,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"comment" text NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL,
	"author_name" text,
	"source" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "featured_firm" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"prop_firm_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firm_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"funding_model_id" integer NOT NULL,
	"prop_firm_id" integer NOT NULL,
	"capital" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"pricing_type" text DEFAULT 'one-time' NOT NULL,
	"max_contracts" integer,
	"disclaimer" text
);
--> statement-breakpoint
CREATE TABLE "firm_payout_methods" (
	"prop_firm_id" integer NOT NULL,
	"payout_method_id" integer NOT NULL,
	CONSTRAINT "firm_payout_methods_prop_firm_id_payout_method_id_pk" PRIMARY KEY("prop_firm_id","payout_method_id")
);
--> statement-breakpoint
CREATE TABLE "firm_platforms" (
	"prop_firm_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	CONSTRAINT "firm_platforms_prop_firm_id_platform_id_pk" PRIMARY KEY("prop_firm_id","platform_id")
);
--> statement-breakpoint
CREATE TABLE "funding_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"prop_firm_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text,
	"asset_type" text,
	"leverage" integer,
	"profit_split" double precision,
	"payout_frequency" text,
	"minimum_payout" numeric(12, 2),
	"payout_requirements" text,
	"profit_target_phase1" double precision,
	"profit_target_phase2" double precision,
	"profit_target_phase3" double precision,
	"maximum_drawdown" double precision,
	"daily_drawdown" double precision,
	"drawdown_type" text,
	"stop_loss_required" boolean DEFAULT false NOT NULL,
	"minimum_trading_days" integer,
	"fee_refundable" boolean DEFAULT false NOT NULL,
	"time_limits" boolean DEFAULT false NOT NULL,
	"ea_allowed" boolean DEFAULT false NOT NULL,
	"consistency_rule" boolean DEFAULT false NOT NULL,
	"consistency_percentage" double precision,
	"weekend_holding" boolean DEFAULT false NOT NULL,
	"lot_size_restrictions" boolean DEFAULT false NOT NULL,
	"news_trading" text,
	"features" text[] DEFAULT '{}' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	CONSTRAINT "payout_methods_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	CONSTRAINT "platforms_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "prop_firms" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'listed' NOT NULL,
	"logo" text,
	"short_description" text,
	"description" text,
	"website" text,
	"affiliate_url" text,
	"asset_type" text,
	"features" text[] DEFAULT '{}' NOT NULL,
	"tradable_assets" text[] DEFAULT '{}' NOT NULL,
	"restricted_countries" text[] DEFAULT '{}' NOT NULL,
	"headquarters" text,
	"ceo_name" text,
	"established" integer,
	"trust_rating" text,
	"rating_overview" text,
	"rating_leadership" text,
	"rating_transparency" text,
	"rating_third_party_reviews" text,
	"rating_long_term_vision" text,
	"rating_sustainability" text,
	"watch_out_for" text,
	"london_expo_enabled" boolean DEFAULT false NOT NULL,
	"london_expo_url" text,
	"payout_junction_enabled" boolean DEFAULT false NOT NULL,
	"payout_junction_url" text,
	"cashback_provided" boolean DEFAULT false NOT NULL,
	"cashback_percentage" double precision,
	"account_price_min" numeric(12, 2),
	"account_price_max" numeric(12, 2),
	"funding_min" integer,
	"funding_max" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prop_firms_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "unlisted_firms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"asset_class" text,
	"description" text,
	"link" text,
	"status" text DEFAULT 'not_yet_listed' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_votes" ADD CONSTRAINT "coupon_votes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_firm" ADD CONSTRAINT "featured_firm_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_accounts" ADD CONSTRAINT "firm_accounts_funding_model_id_funding_models_id_fk" FOREIGN KEY ("funding_model_id") REFERENCES "public"."funding_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_accounts" ADD CONSTRAINT "firm_accounts_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_payout_methods" ADD CONSTRAINT "firm_payout_methods_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_payout_methods" ADD CONSTRAINT "firm_payout_methods_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_platforms" ADD CONSTRAINT "firm_platforms_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_platforms" ADD CONSTRAINT "firm_platforms_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_models" ADD CONSTRAINT "funding_models_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_type_created_idx" ON "activity_logs" USING btree ("activity_type","created_at");--> statement-breakpoint
CREATE INDEX "activity_logs_firm_idx" ON "activity_logs" USING btree ("prop_firm_id");--> statement-breakpoint
CREATE INDEX "cashback_claims_user_idx" ON "cashback_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cashback_claims_status_idx" ON "cashback_claims" USING btree ("status");--> statement-breakpoint
CREATE INDEX "page_views_created_idx" ON "page_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "page_views_path_idx" ON "page_views" USING btree ("path");--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published","publish_date");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_once_idx" ON "coupon_uses" USING btree ("coupon_id","visitor_key","day");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_votes_once_idx" ON "coupon_votes" USING btree ("coupon_id","visitor_key");--> statement-breakpoint
CREATE INDEX "coupons_firm_idx" ON "coupons" USING btree ("prop_firm_id");--> statement-breakpoint
CREATE INDEX "coupons_active_expiry_idx" ON "coupons" USING btree ("is_active","expiry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_entries_user_idx" ON "giveaway_entries" USING btree ("giveaway_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_entries_ticket_idx" ON "giveaway_entries" USING btree ("giveaway_id","ticket_number");--> statement-breakpoint
CREATE INDEX "giveaways_status_idx" ON "giveaways" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "quick_updates_published_idx" ON "quick_updates" USING btree ("published","created_at");--> statement-breakpoint
CREATE INDEX "reviews_firm_created_idx" ON "reviews" USING btree ("prop_firm_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_user_idx" ON "reviews" USING btree ("prop_firm_id","user_id");--> statement-breakpoint
CREATE INDEX "firm_accounts_model_idx" ON "firm_accounts" USING btree ("funding_model_id");--> statement-breakpoint
CREATE INDEX "firm_accounts_firm_idx" ON "firm_accounts" USING btree ("prop_firm_id");--> statement-breakpoint
CREATE INDEX "funding_models_firm_idx" ON "funding_models" USING btree ("prop_firm_id");--> statement-breakpoint
CREATE INDEX "prop_firms_name_trgm_idx" ON "prop_firms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prop_firms_status_idx" ON "prop_firms" USING btree ("status");