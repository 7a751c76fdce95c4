CREATE TABLE "leaver_reasons" (
	"organization_id" integer NOT NULL,
	"person_key" text NOT NULL,
	"reason" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaver_reasons_organization_id_person_key_pk" PRIMARY KEY("organization_id","person_key"),
	CONSTRAINT "leaver_reasons_reason_check" CHECK ("leaver_reasons"."reason" in ('left', 'moved', 'retired'))
);
--> statement-breakpoint
ALTER TABLE "leaver_reasons" ADD CONSTRAINT "leaver_reasons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaver_reasons" ADD CONSTRAINT "leaver_reasons_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;