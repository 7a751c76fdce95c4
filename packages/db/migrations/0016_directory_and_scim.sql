CREATE TABLE "directory_group_members" (
	"group_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	CONSTRAINT "directory_group_members_group_id_person_id_pk" PRIMARY KEY("group_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "directory_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"resource_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text,
	"display_name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"resource_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"user_name" text NOT NULL,
	"email" text NOT NULL,
	"given_name" text,
	"family_name" text,
	"display_name" text NOT NULL,
	"employee_number" text,
	"unit_path" text,
	"manager_external_id" text,
	"job_title" text,
	"hire_date" date,
	"leave_date" date,
	"leave_reason" text,
	"language" text,
	"time_zone" text,
	"gender" text,
	"generation" text,
	"location" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_person_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"unit_path" text,
	"manager_external_id" text,
	"active" boolean NOT NULL,
	"leave_date" date,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scim_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"created_by_user_id" integer,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "directory_group_members" ADD CONSTRAINT "directory_group_members_group_id_directory_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."directory_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_group_members" ADD CONSTRAINT "directory_group_members_person_id_directory_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."directory_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_groups" ADD CONSTRAINT "directory_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_people" ADD CONSTRAINT "directory_people_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_person_history" ADD CONSTRAINT "directory_person_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_person_history" ADD CONSTRAINT "directory_person_history_person_id_directory_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."directory_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_group_members_person_idx" ON "directory_group_members" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_groups_resource_idx" ON "directory_groups" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_groups_name_idx" ON "directory_groups" USING btree ("organization_id",lower("display_name"));--> statement-breakpoint
CREATE INDEX "directory_groups_org_created_idx" ON "directory_groups" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_people_resource_idx" ON "directory_people" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_people_external_idx" ON "directory_people" USING btree ("organization_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_people_user_name_idx" ON "directory_people" USING btree ("organization_id",lower("user_name")) WHERE "directory_people"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "directory_people_active_email_idx" ON "directory_people" USING btree ("organization_id",lower("email")) WHERE "directory_people"."active";--> statement-breakpoint
CREATE INDEX "directory_people_org_created_idx" ON "directory_people" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "directory_person_history_person_idx" ON "directory_person_history" USING btree ("organization_id","person_id","valid_from","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_tokens_hash_idx" ON "scim_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "scim_tokens_org_idx" ON "scim_tokens" USING btree ("organization_id");