CREATE TABLE "newsletter_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"triggered_by" text,
	"status" text DEFAULT 'sending' NOT NULL,
	"subject" text,
	"coupon_count" integer,
	"recipients" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_sends_one_at_a_time" ON "newsletter_sends" USING btree ("status") WHERE "newsletter_sends"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "newsletter_sends_started_idx" ON "newsletter_sends" USING btree ("started_at");