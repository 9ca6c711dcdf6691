ALTER TABLE "review_reports" ADD COLUMN "review_created_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_newest_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "giveaway_entries_user_id_idx" ON "giveaway_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "review_reports_open_queue_idx" ON "review_reports" USING btree ("review_created_at","review_id" DESC NULLS FIRST) WHERE "review_reports"."resolved_at" is null;--> statement-breakpoint
-- Decision 0060: a report carries its review's creation time, which never changes, so the
-- moderation queue orders the open reports' reviews from an index without reading each review.
UPDATE "review_reports" SET "review_created_at" = r."created_at" FROM "reviews" r WHERE r."id" = "review_reports"."review_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_reports_set_review_created_at() RETURNS trigger AS $$
BEGIN
  SELECT created_at INTO NEW.review_created_at FROM reviews WHERE id = NEW.review_id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER review_reports_review_created_at
  BEFORE INSERT OR UPDATE OF review_id ON review_reports
  FOR EACH ROW EXECUTE FUNCTION review_reports_set_review_created_at();
--> statement-breakpoint
CREATE INDEX "reviews_held_idx" ON "reviews" USING btree ("created_at","id") WHERE "reviews"."status" = 'held';