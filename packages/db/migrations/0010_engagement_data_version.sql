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
CREATE TRIGGER employees_data_version_insert AFTER INSERT ON employees REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER employees_data_version_update AFTER UPDATE ON employees REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER employees_data_version_delete AFTER DELETE ON employees REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER units_data_version_insert AFTER INSERT ON units REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER units_data_version_update AFTER UPDATE ON units REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER units_data_version_delete AFTER DELETE ON units REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER questions_data_version_insert AFTER INSERT ON questions REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER questions_data_version_update AFTER UPDATE ON questions REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER questions_data_version_delete AFTER DELETE ON questions REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER leadership_items_data_version_insert AFTER INSERT ON leadership_items REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER leadership_items_data_version_update AFTER UPDATE ON leadership_items REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER leadership_items_data_version_delete AFTER DELETE ON leadership_items REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER leader_report_codes_data_version_insert AFTER INSERT ON leader_report_codes REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER leader_report_codes_data_version_update AFTER UPDATE ON leader_report_codes REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();--> statement-breakpoint
CREATE TRIGGER leader_report_codes_data_version_delete AFTER DELETE ON leader_report_codes REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_engagement_data_changed();
