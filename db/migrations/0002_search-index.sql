DROP INDEX "prop_firms_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "prop_firms_name_trgm_idx" ON "prop_firms" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);