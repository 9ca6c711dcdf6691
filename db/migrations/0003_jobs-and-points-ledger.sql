CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slot" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"payload" jsonb,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
UPDATE "points_ledger" SET "idempotency_key" = 'legacy:' || "id";--> statement-breakpoint
ALTER TABLE "points_ledger" ALTER COLUMN "idempotency_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "created_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_slot_idx" ON "job_runs" USING btree ("name","slot");--> statement-breakpoint
CREATE INDEX "job_runs_started_idx" ON "job_runs" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_idempotency_idx" ON "points_ledger" USING btree ("idempotency_key");--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_delta_nonzero" CHECK ("points_ledger"."delta" <> 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_points_nonnegative" CHECK ("users"."points" >= 0);