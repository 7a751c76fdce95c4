CREATE TABLE "sso_saml_assertions" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_idp_metadata_xml" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_idp_metadata_url" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_idp_entity_id" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_idp_sso_url" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_idp_certificates" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_allow_idp_initiated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_login_states" ADD COLUMN "saml_outcome" jsonb;--> statement-breakpoint
ALTER TABLE "sso_saml_assertions" ADD CONSTRAINT "sso_saml_assertions_connection_id_sso_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sso_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_saml_assertions_id_idx" ON "sso_saml_assertions" USING btree ("connection_id","assertion_id");--> statement-breakpoint
CREATE INDEX "sso_saml_assertions_expires_idx" ON "sso_saml_assertions" USING btree ("expires_at");