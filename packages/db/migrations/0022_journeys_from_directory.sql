ALTER TABLE "employees" ADD COLUMN "directory_person_id" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "left_at" date;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "people_source" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "directory_units" jsonb;--> statement-breakpoint
CREATE INDEX "employees_directory_person_idx" ON "employees" USING btree ("directory_person_id");