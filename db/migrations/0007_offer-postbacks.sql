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
CREATE INDEX "offer_postbacks_created_idx" ON "offer_postbacks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offer_postbacks_outcome_idx" ON "offer_postbacks" USING btree ("outcome","created_at");