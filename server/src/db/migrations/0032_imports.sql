CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"state" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "background_jobs_state_check" CHECK ("background_jobs"."state" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"identification" text,
	"action" text NOT NULL,
	"patient_id" uuid,
	"checked_version" integer,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied" boolean DEFAULT false NOT NULL,
	"before" jsonb,
	"applied_version" integer,
	CONSTRAINT "import_rows_pkey" PRIMARY KEY("import_id","row"),
	CONSTRAINT "import_rows_action_check" CHECK ("import_rows"."action" in ('new', 'update', 'unchanged', 'refused', 'conflict'))
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"doctor_id" uuid,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"kind" text NOT NULL,
	"encoding" text,
	"delimiter" text,
	"sheets" jsonb NOT NULL,
	"sheet" text,
	"header_row" integer NOT NULL,
	"row_count" integer NOT NULL,
	"columns" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"mapping_confirmed" boolean DEFAULT false NOT NULL,
	"ignored" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('uploaded', 'checking', 'checked', 'applying', 'applied', 'failed', 'undone')),
	CONSTRAINT "imports_kind_check" CHECK ("imports"."kind" in ('csv', 'xlsx'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_jobs_subject_idx" ON "background_jobs" USING btree ("subject_id","started_at");--> statement-breakpoint
CREATE INDEX "background_jobs_running_idx" ON "background_jobs" USING btree ("heartbeat_at") WHERE "background_jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "import_rows_action_idx" ON "import_rows" USING btree ("import_id","action","row");--> statement-breakpoint
CREATE INDEX "import_rows_patient_idx" ON "import_rows" USING btree ("patient_id") WHERE "import_rows"."patient_id" is not null;--> statement-breakpoint
CREATE INDEX "imports_owner_idx" ON "imports" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "imports_created_at_idx" ON "imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_events_import_idx" ON "audit_events" USING btree ("import_id") WHERE "audit_events"."import_id" is not null;