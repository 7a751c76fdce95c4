CREATE TABLE "leadership_answers" (
	"engagement_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"selected_leader_ids" integer[] NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leadership_answers_employee_id_item_id_pk" PRIMARY KEY("employee_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "leadership_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"engagement_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"position" integer NOT NULL,
	"texts" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leadership_answers" ADD CONSTRAINT "leadership_answers_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leadership_answers" ADD CONSTRAINT "leadership_answers_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leadership_answers" ADD CONSTRAINT "leadership_answers_item_id_leadership_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."leadership_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leadership_items" ADD CONSTRAINT "leadership_items_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leadership_answers_engagement_idx" ON "leadership_answers" USING btree ("engagement_id");--> statement-breakpoint
CREATE INDEX "leadership_items_engagement_idx" ON "leadership_items" USING btree ("engagement_id","position");