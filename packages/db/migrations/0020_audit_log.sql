CREATE TABLE "audit_chain_heads" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_checkpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"through_seq" bigint NOT NULL,
	"through_hash" text NOT NULL,
	"through_occurred_at" timestamp with time zone NOT NULL,
	"removed_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"signature" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"outcome" text DEFAULT 'success' NOT NULL,
	"actor_user_id" integer,
	"api_key_id" integer,
	"scim_token_id" integer,
	"session_id" integer,
	"route" text,
	"engagement_id" integer,
	"subject_employee_id" integer,
	"subject_user_id" integer,
	"target_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD CONSTRAINT "audit_chain_heads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_checkpoints" ADD CONSTRAINT "audit_checkpoints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_checkpoints_org_seq_idx" ON "audit_checkpoints" USING btree ("organization_id","through_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_org_seq_idx" ON "audit_entries" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "audit_entries_org_actor_idx" ON "audit_entries" USING btree ("organization_id","actor_user_id","seq");--> statement-breakpoint
CREATE INDEX "audit_entries_org_action_idx" ON "audit_entries" USING btree ("organization_id","action","seq");--> statement-breakpoint
CREATE INDEX "audit_entries_org_subject_idx" ON "audit_entries" USING btree ("organization_id","subject_employee_id","seq");--> statement-breakpoint
CREATE INDEX "audit_entries_org_time_idx" ON "audit_entries" USING btree ("organization_id","occurred_at");