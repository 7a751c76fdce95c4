CREATE TABLE "shown_groups" (
	"user_id" integer NOT NULL,
	"engagement_id" integer NOT NULL,
	"group_digest" text NOT NULL,
	"respondents" integer[] NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shown_groups_user_id_engagement_id_group_digest_pk" PRIMARY KEY("user_id","engagement_id","group_digest")
);
--> statement-breakpoint
ALTER TABLE "shown_groups" ADD CONSTRAINT "shown_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shown_groups" ADD CONSTRAINT "shown_groups_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shown_groups_recent_idx" ON "shown_groups" USING btree ("user_id","engagement_id","shown_at");