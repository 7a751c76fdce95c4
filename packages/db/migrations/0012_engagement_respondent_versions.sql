CREATE TABLE "engagement_respondent_versions" (
	"engagement_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engagement_respondent_versions" ADD CONSTRAINT "engagement_respondent_versions_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The journeys list keeps each journey's head counts under this version (docs/request-path.md).
-- An insert moves it only for an employee whose every answer is in the inserting statement (their
-- first): a re-save updates instead and moves nothing, so the save path pays one indexed count of
-- the saver's answers, and only when it inserted. Two first answers of one employee saved at once
-- may both move it (each sees only its own): moving it too often costs a recount, never too seldom.
CREATE FUNCTION mark_respondents_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO engagement_respondent_versions AS v (engagement_id, version)
  SELECT n.engagement_id, 1
  FROM (SELECT engagement_id, employee_id, count(*) AS c FROM changed_new GROUP BY engagement_id, employee_id) n
  WHERE (SELECT count(*) FROM answers o WHERE o.employee_id = n.employee_id) = n.c
  GROUP BY n.engagement_id
  ON CONFLICT (engagement_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Deleted answers (a question or an employee removed) may leave someone without any. The guard
-- skips a journey being deleted itself (its row of this table goes with it).
CREATE FUNCTION mark_respondents_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO engagement_respondent_versions AS v (engagement_id, version)
  SELECT DISTINCT o.engagement_id, 1 FROM changed_old o WHERE EXISTS (SELECT 1 FROM engagements e WHERE e.id = o.engagement_id)
  ON CONFLICT (engagement_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An answer moved to another employee or journey (nothing does this today; a row trigger on these
-- columns only, so a save's update of the selection never fires it).
CREATE FUNCTION mark_respondents_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO engagement_respondent_versions AS v (engagement_id, version)
  SELECT DISTINCT id, 1 FROM engagements WHERE id IN (OLD.engagement_id, NEW.engagement_id)
  ON CONFLICT (engagement_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER answers_respondents_insert AFTER INSERT ON answers REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION mark_respondents_inserted();--> statement-breakpoint
CREATE TRIGGER answers_respondents_delete AFTER DELETE ON answers REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION mark_respondents_deleted();--> statement-breakpoint
CREATE TRIGGER answers_respondents_move AFTER UPDATE OF employee_id, engagement_id ON answers FOR EACH ROW EXECUTE FUNCTION mark_respondents_moved();
