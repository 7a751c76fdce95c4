CREATE TABLE "journey_schedule_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"engagement_id" integer NOT NULL,
	"kind" text NOT NULL,
	"local_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"job_id" text,
	"done_at" timestamp with time zone,
	"reason" text,
	"analysis_run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'Europe/Budapest' NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_schedule_steps" ADD CONSTRAINT "journey_schedule_steps_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_schedule_steps" ADD CONSTRAINT "journey_schedule_steps_analysis_run_id_analysis_runs_id_fk" FOREIGN KEY ("analysis_run_id") REFERENCES "public"."analysis_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journey_schedule_steps_engagement_idx" ON "journey_schedule_steps" USING btree ("engagement_id");