ALTER TABLE "giveaway_entries" DROP CONSTRAINT "giveaway_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "giveaways" ADD COLUMN "client_seed_source" text;--> statement-breakpoint
ALTER TABLE "giveaways" ADD COLUMN "entries_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "giveaways" ADD COLUMN "entry_list_hash" text;