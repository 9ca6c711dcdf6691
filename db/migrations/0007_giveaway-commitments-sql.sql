-- Decision 0021: once a giveaway's entry list is fixed (entries_closed_at set, its hash published),
-- the database itself refuses to add, change or remove entries, to reopen the list or to change
-- the published commitments, whatever code or person sends the statement.
CREATE OR REPLACE FUNCTION giveaway_entries_refuse_when_closed() RETURNS trigger AS $$
DECLARE
  closed_at timestamptz;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT entries_closed_at INTO closed_at FROM giveaways WHERE id = OLD.giveaway_id;
    IF closed_at IS NOT NULL THEN
      RAISE EXCEPTION 'giveaway % has a closed entry list: entries cannot change', OLD.giveaway_id
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT entries_closed_at INTO closed_at FROM giveaways WHERE id = NEW.giveaway_id;
    IF closed_at IS NOT NULL THEN
      RAISE EXCEPTION 'giveaway % has a closed entry list: entries cannot change', NEW.giveaway_id
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER giveaway_entries_frozen
  BEFORE INSERT OR UPDATE OR DELETE ON giveaway_entries
  FOR EACH ROW EXECUTE FUNCTION giveaway_entries_refuse_when_closed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION giveaways_keep_commitments() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Removing the whole demo data set (scripts, `db:seed --reset`) says so for its transaction.
    IF current_setting('pfc.purge_giveaways', true) = 'on' THEN
      RETURN OLD;
    END IF;
    IF OLD.entries_closed_at IS NOT NULL AND EXISTS (SELECT 1 FROM giveaway_entries WHERE giveaway_id = OLD.id) THEN
      RAISE EXCEPTION 'giveaway % has a closed entry list and cannot be deleted', OLD.id
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.server_seed IS DISTINCT FROM OLD.server_seed OR NEW.server_seed_hash IS DISTINCT FROM OLD.server_seed_hash THEN
    RAISE EXCEPTION 'giveaway %: the server seed and its published hash never change', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.entries_closed_at IS NOT NULL AND (
    NEW.entries_closed_at IS DISTINCT FROM OLD.entries_closed_at
    OR NEW.entry_list_hash IS DISTINCT FROM OLD.entry_list_hash
  ) THEN
    RAISE EXCEPTION 'giveaway %: a closed entry list stays closed and its hash stays as published', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.entries_closed_at IS NOT NULL AND NEW.entry_list_hash IS NULL THEN
    RAISE EXCEPTION 'giveaway %: closing the entry list needs its hash', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status = 'completed' AND (
    NEW.status IS DISTINCT FROM OLD.status
    OR NEW.client_seed IS DISTINCT FROM OLD.client_seed
    OR NEW.winner_ticket_numbers IS DISTINCT FROM OLD.winner_ticket_numbers
    OR NEW.winner_user_ids IS DISTINCT FROM OLD.winner_user_ids
  ) THEN
    RAISE EXCEPTION 'giveaway %: a completed draw cannot change', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status = 'completed' AND OLD.status <> 'completed' AND NEW.entries_closed_at IS NULL THEN
    RAISE EXCEPTION 'giveaway %: a draw needs a closed entry list', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER giveaways_commitments
  BEFORE UPDATE OR DELETE ON giveaways
  FOR EACH ROW EXECUTE FUNCTION giveaways_keep_commitments();
