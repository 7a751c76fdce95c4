CREATE TABLE "journey_reminder_sends" (
	"step_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "journey_reminder_sends_step_id_employee_id_pk" PRIMARY KEY("step_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sending_hours_start" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sending_hours_end" text DEFAULT '18:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "send_on_weekends" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "reminder_max_per_person" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_reminder_sends" ADD CONSTRAINT "journey_reminder_sends_step_id_journey_schedule_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."journey_schedule_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_reminder_sends" ADD CONSTRAINT "journey_reminder_sends_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journey_reminder_sends_employee_idx" ON "journey_reminder_sends" USING btree ("employee_id");