CREATE TABLE "hr_sync_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"deactivation_guard_percent" integer DEFAULT 40 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_syncs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"created_by_user_id" integer,
	"records" jsonb NOT NULL,
	"diff" jsonb NOT NULL,
	"hold_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "hr_sync_settings" ADD CONSTRAINT "hr_sync_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_syncs" ADD CONSTRAINT "hr_syncs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_syncs" ADD CONSTRAINT "hr_syncs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_syncs" ADD CONSTRAINT "hr_syncs_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hr_syncs_org_created_idx" ON "hr_syncs" USING btree ("organization_id","created_at","id");