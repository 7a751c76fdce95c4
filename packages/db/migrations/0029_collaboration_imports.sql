CREATE TABLE "collaboration_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"source" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_week" date,
	"last_week" date,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collaboration_weekly_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	"source" text NOT NULL,
	"week_start" date NOT NULL,
	"from_key" text NOT NULL,
	"to_key" text NOT NULL,
	"from_person_id" integer,
	"to_person_id" integer,
	"interactions" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "collaboration_retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "collaboration_max_mail_recipients" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "collaboration_max_meeting_size" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "collaboration_imports" ADD CONSTRAINT "collaboration_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_imports" ADD CONSTRAINT "collaboration_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_weekly_counts" ADD CONSTRAINT "collaboration_weekly_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_weekly_counts" ADD CONSTRAINT "collaboration_weekly_counts_import_id_collaboration_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."collaboration_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_weekly_counts" ADD CONSTRAINT "collaboration_weekly_counts_from_person_id_directory_people_id_fk" FOREIGN KEY ("from_person_id") REFERENCES "public"."directory_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_weekly_counts" ADD CONSTRAINT "collaboration_weekly_counts_to_person_id_directory_people_id_fk" FOREIGN KEY ("to_person_id") REFERENCES "public"."directory_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collaboration_imports_org_idx" ON "collaboration_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "collaboration_weekly_counts_org_week_idx" ON "collaboration_weekly_counts" USING btree ("organization_id","week_start");--> statement-breakpoint
CREATE INDEX "collaboration_weekly_counts_import_idx" ON "collaboration_weekly_counts" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "collaboration_weekly_counts_from_person_idx" ON "collaboration_weekly_counts" USING btree ("from_person_id");--> statement-breakpoint
CREATE INDEX "collaboration_weekly_counts_to_person_idx" ON "collaboration_weekly_counts" USING btree ("to_person_id");