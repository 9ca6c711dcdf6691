-- Decision 0070: when an entrant deletes their account, their entry in a closed (committed) entry
-- list stays, with everything the published hash covers (ticket, user id, entry hash), but loses its
-- social media handle, which no hash includes and which would name them. That one change is the only
-- one the guard of migration 0007 now lets through; every other insert, update or delete of a closed
-- list's entries is refused as before.
CREATE OR REPLACE FUNCTION giveaway_entries_refuse_when_closed() RETURNS trigger AS $$
DECLARE
  closed_at timestamptz;
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.social_media_handle IS NULL
    AND NEW.id = OLD.id
    AND NEW.giveaway_id = OLD.giveaway_id
    AND NEW.user_id = OLD.user_id
    AND NEW.ticket_number = OLD.ticket_number
    AND NEW.entry_hash = OLD.entry_hash
    AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
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
