ALTER TABLE "engagements" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "retention_journey_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "retention_leaver_months" integer DEFAULT 12 NOT NULL;