ALTER TABLE "answers" ADD COLUMN "sequence" bigint;--> statement-breakpoint
ALTER TABLE "instant_survey_answers" ADD COLUMN "sequence" bigint;