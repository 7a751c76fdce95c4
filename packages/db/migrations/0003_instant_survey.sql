CREATE TABLE "instant_code_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instant_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "instant_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "instant_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instant_participant_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instant_survey_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instant_survey_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"position" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"current_question_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instant_survey_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"layout_orientation" text DEFAULT 'horizontal' NOT NULL,
	"multiple_selection" boolean DEFAULT false NOT NULL,
	"allow_multiple_groups" boolean DEFAULT false NOT NULL,
	"points_total" integer
);
--> statement-breakpoint
CREATE TABLE "instant_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"title" text NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "instant_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instant_group_members" ADD CONSTRAINT "instant_group_members_group_id_instant_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."instant_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_group_members" ADD CONSTRAINT "instant_group_members_user_id_instant_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."instant_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_groups" ADD CONSTRAINT "instant_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_participant_tokens" ADD CONSTRAINT "instant_participant_tokens_participant_id_instant_survey_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."instant_survey_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_participant_tokens" ADD CONSTRAINT "instant_participant_tokens_survey_id_instant_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."instant_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_survey_answers" ADD CONSTRAINT "instant_survey_answers_survey_id_instant_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."instant_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_survey_answers" ADD CONSTRAINT "instant_survey_answers_question_id_instant_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."instant_survey_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_survey_answers" ADD CONSTRAINT "instant_survey_answers_participant_id_instant_survey_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."instant_survey_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_survey_participants" ADD CONSTRAINT "instant_survey_participants_survey_id_instant_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."instant_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_survey_questions" ADD CONSTRAINT "instant_survey_questions_survey_id_instant_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."instant_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_surveys" ADD CONSTRAINT "instant_surveys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_surveys" ADD CONSTRAINT "instant_surveys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_users" ADD CONSTRAINT "instant_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instant_code_failures_ip_idx" ON "instant_code_failures" USING btree ("ip","failed_at");--> statement-breakpoint
CREATE INDEX "instant_groups_org_idx" ON "instant_groups" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instant_participant_tokens_hash_idx" ON "instant_participant_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "instant_survey_answers_participant_question_idx" ON "instant_survey_answers" USING btree ("participant_id","question_id");--> statement-breakpoint
CREATE INDEX "instant_survey_answers_survey_idx" ON "instant_survey_answers" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "instant_survey_participants_survey_idx" ON "instant_survey_participants" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "instant_survey_questions_survey_idx" ON "instant_survey_questions" USING btree ("survey_id","position");--> statement-breakpoint
CREATE INDEX "instant_surveys_org_idx" ON "instant_surveys" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instant_surveys_open_code_idx" ON "instant_surveys" USING btree ("code") WHERE "instant_surveys"."state" <> 'closed';--> statement-breakpoint
CREATE INDEX "instant_users_org_idx" ON "instant_users" USING btree ("organization_id");