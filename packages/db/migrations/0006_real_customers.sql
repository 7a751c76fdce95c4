ALTER TABLE "engagements" ADD COLUMN "modules" text[] DEFAULT '{survey,graph_visualization,leader_reports,retention_analytics,individual_reports,executive_reports,analytics360_reports,key_people_analytics,statistics}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "previous_engagement_id" integer;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_data" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_content_type" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "default_language" text DEFAULT 'hu' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_org_idx" ON "memberships" USING btree ("organization_id");