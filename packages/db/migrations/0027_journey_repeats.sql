CREATE TABLE "journey_repeats" (
	"engagement_id" integer PRIMARY KEY NOT NULL,
	"every_months" integer NOT NULL,
	"set_by" integer,
	"next_engagement_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journey_repeats" ADD CONSTRAINT "journey_repeats_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_repeats" ADD CONSTRAINT "journey_repeats_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_repeats" ADD CONSTRAINT "journey_repeats_next_engagement_id_engagements_id_fk" FOREIGN KEY ("next_engagement_id") REFERENCES "public"."engagements"("id") ON DELETE set null ON UPDATE no action;