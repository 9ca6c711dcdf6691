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
ALTER TABLE "review_awards" ADD CONSTRAINT "review_awards_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_awards" ADD CONSTRAINT "review_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_awards" ADD CONSTRAINT "review_awards_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_awards_place_idx" ON "review_awards" USING btree ("week_start","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "review_awards_review_idx" ON "review_awards" USING btree ("week_start","review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_votes_one_idx" ON "review_votes" USING btree ("review_id","user_id");