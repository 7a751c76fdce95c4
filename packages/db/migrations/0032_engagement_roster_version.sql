ALTER TABLE "engagements" ADD COLUMN "roster_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The roster version: the writing transaction's id marks an engagement whose employees or
-- questions changed. Setting it updates the engagement's row, so the data version (0011's row
-- trigger) moves with it as before; leader codes, units and leadership items move only the data
-- version. The journeys list keeps its head counts under this version (docs/request-path.md).
CREATE FUNCTION mark_engagement_roster_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE engagements SET roster_version = txid_current() WHERE id IN (SELECT DISTINCT engagement_id FROM changed_new) AND roster_version <> txid_current();
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE engagements SET roster_version = txid_current() WHERE id IN (SELECT DISTINCT engagement_id FROM changed_old) AND roster_version <> txid_current();
  ELSE
    UPDATE engagements SET roster_version = txid_current()
    WHERE id IN (SELECT engagement_id FROM changed_new UNION SELECT engagement_id FROM changed_old) AND roster_version <> txid_current();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['employees', 'questions'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_data_version_insert', t);
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_data_version_update', t);
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_data_version_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_roster_changed()', t || '_roster_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_roster_changed()', t || '_roster_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_roster_changed()', t || '_roster_version_delete', t);
  END LOOP;
END $$;
