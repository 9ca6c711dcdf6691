CREATE TABLE "account_price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"prop_firm_id" integer NOT NULL,
	"list_price" numeric(12, 2) NOT NULL,
	"price_after_coupon" numeric(12, 2) NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_alert_states" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"prop_firm_id" integer NOT NULL,
	"facts" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"saved_search_id" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_search_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"saved_search_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"old_price" numeric(12, 2),
	"new_price" numeric(12, 2) NOT NULL,
	"alert_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"alerts" boolean DEFAULT true NOT NULL,
	"last_email_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "account_price_history" ADD CONSTRAINT "account_price_history_account_id_firm_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."firm_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_price_history" ADD CONSTRAINT "account_price_history_prop_firm_id_prop_firms_id_fk" FOREIGN KEY ("prop_firm_id") REFERENCES "public"."prop_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_changes" ADD CONSTRAINT "saved_search_changes_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_changes" ADD CONSTRAINT "saved_search_changes_alert_id_saved_search_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."saved_search_alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_price_history_account_idx" ON "account_price_history" USING btree ("account_id","recorded_at");--> statement-breakpoint
CREATE INDEX "account_price_history_firm_idx" ON "account_price_history" USING btree ("prop_firm_id");--> statement-breakpoint
CREATE INDEX "saved_search_changes_search_idx" ON "saved_search_changes" USING btree ("saved_search_id","alert_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id");