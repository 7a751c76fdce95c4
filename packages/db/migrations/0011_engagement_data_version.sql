ALTER TABLE "engagements" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The writing transaction's id marks an engagement whose live data changed. Within one
-- transaction only the first statement writes the row; the later ones find it marked already.
CREATE FUNCTION mark_engagement_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE engagements SET data_version = txid_current() WHERE id IN (SELECT DISTINCT engagement_id FROM changed_new) AND data_version <> txid_current();
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE engagements SET data_version = txid_current() WHERE id IN (SELECT DISTINCT engagement_id FROM changed_old) AND data_version <> txid_current();
  ELSE
    UPDATE engagements SET data_version = txid_current()
    WHERE id IN (SELECT engagement_id FROM changed_new UNION SELECT engagement_id FROM changed_old) AND data_version <> txid_current();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION mark_engagement_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.data_version := txid_current();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER engagements_data_version BEFORE UPDATE ON engagements FOR EACH ROW EXECUTE FUNCTION mark_engagement_row_changed();--> statement-breakpoint
-- The tables whose rows the analysis answers read live beside a run (docs/request-path.md, Reads).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['employees', 'units', 'questions', 'leadership_items', 'leader_report_codes'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed()', t || '_data_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed()', t || '_data_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed()', t || '_data_version_delete', t);
  END LOOP;
END $$;
