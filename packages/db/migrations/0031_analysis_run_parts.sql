CREATE TABLE "analysis_run_parts" (
	"run_id" integer NOT NULL,
	"position" integer NOT NULL,
	"path" text[] NOT NULL,
	"page" integer NOT NULL,
	"body" "bytea" NOT NULL,
	CONSTRAINT "analysis_run_parts_run_id_position_pk" PRIMARY KEY("run_id","position")
);
--> statement-breakpoint
ALTER TABLE "analysis_run_parts" ADD CONSTRAINT "analysis_run_parts_run_id_analysis_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."analysis_runs"("id") ON DELETE cascade ON UPDATE no action;