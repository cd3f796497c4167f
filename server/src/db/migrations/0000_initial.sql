CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"outcome" text DEFAULT 'ok' NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"patient_id" uuid,
	"changes" jsonb,
	"ip" text,
	CONSTRAINT "audit_events_outcome_check" CHECK ("audit_events"."outcome" in ('ok', 'denied', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "demographies" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"birth_date" text,
	"gender" text NOT NULL,
	"ecog" smallint,
	"app" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demographies_birth_date_format" CHECK ("demographies"."birth_date" ~ '^[0-9]{4}(-[0-9]{2}-[0-9]{2})?$'),
	CONSTRAINT "demographies_gender_check" CHECK ("demographies"."gender" in ('male', 'female')),
	CONSTRAINT "demographies_ecog_range" CHECK ("demographies"."ecog" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "diagnostics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"dx_date" date,
	"dx_secondary" text,
	"dx_sub_type" text,
	"organs_failures" text,
	"patient_fit" text,
	"relapse" boolean DEFAULT false NOT NULL,
	"relapse_date" date,
	"risk_level" text,
	"consent" boolean DEFAULT false NOT NULL,
	"consent_date" date,
	"dx_secondary_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diagnostics_stage_check" CHECK ("diagnostics"."dx_secondary" in ('Inicial', 'Secundario')),
	CONSTRAINT "diagnostics_fit_check" CHECK ("diagnostics"."patient_fit" in ('Fit', 'Unfit')),
	CONSTRAINT "diagnostics_risk_check" CHECK ("diagnostics"."risk_level" in ('N/A', 'N/R', 'Bajo', 'Medio', 'Alto'))
);
--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"institution_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctors_gender_check" CHECK ("doctors"."gender" in ('male', 'female'))
);
--> statement-breakpoint
CREATE TABLE "drugs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"treatment_id" uuid NOT NULL,
	"order" integer NOT NULL,
	"name" text NOT NULL,
	"dose" text,
	"start_application_date" date,
	"last_aplication_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drugs_order_positive" CHECK ("drugs"."order" > 0)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"date" date,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_mime_check" CHECK ("files"."mime_type" in ('image/jpeg', 'application/pdf')),
	CONSTRAINT "files_size_check" CHECK ("files"."size" between 1 and 1048576)
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institutions_type_check" CHECK ("institutions"."type" in ('Laboratorio', 'Fundación', 'Hospital', 'BioBanco'))
);
--> statement-breakpoint
CREATE TABLE "lab_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content" text,
	"date" date,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"identification" text NOT NULL,
	"code_op" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"risk_level" text,
	"death_date" date,
	"death_cause" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_code_op_positive" CHECK ("patients"."code_op" > 0),
	CONSTRAINT "patients_risk_check" CHECK ("patients"."risk_level" in ('N/A', 'N/R', 'Bajo', 'Medio', 'Alto'))
);
--> statement-breakpoint
CREATE TABLE "samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"sample_type" text NOT NULL,
	"sample_date" date NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "samples_type_check" CHECK ("samples"."sample_type" in ('MO', 'SP', 'MO + SP'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"order" integer NOT NULL,
	"scheme" text,
	"start_date" date,
	"toxicities" text,
	"disease_assessment" text,
	"medulogram" text,
	"medulogram_date" date,
	"emr" text,
	"emr_date" date,
	"emr_blasts" numeric(6, 3),
	"clinical_monitoring" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatments_order_positive" CHECK ("treatments"."order" > 0),
	CONSTRAINT "treatments_assessment_check" CHECK ("treatments"."disease_assessment" in ('RC', 'RP', 'NE', 'NR')),
	CONSTRAINT "treatments_emr_blasts_range" CHECK ("treatments"."emr_blasts" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"nickname" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demographies" ADD CONSTRAINT "demographies_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics" ADD CONSTRAINT "diagnostics_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drugs" ADD CONSTRAINT "drugs_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_patient_idx" ON "audit_events" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "diagnostics_patient_idx" ON "diagnostics" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "diagnostics_sub_type_idx" ON "diagnostics" USING btree ("dx_sub_type");--> statement-breakpoint
CREATE INDEX "diagnostics_relapse_date_idx" ON "diagnostics" USING btree ("relapse_date");--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_user_unique" ON "doctors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "doctors_institution_idx" ON "doctors" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "drugs_treatment_idx" ON "drugs" USING btree ("treatment_id","order");--> statement-breakpoint
CREATE INDEX "files_patient_idx" ON "files" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_name_unique" ON "institutions" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_code_unique" ON "institutions" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "institutions_created_at_idx" ON "institutions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_reports_patient_name_unique" ON "lab_reports" USING btree ("patient_id","name");--> statement-breakpoint
CREATE INDEX "login_failures_email_at_idx" ON "login_failures" USING btree (lower("email"),"at");--> statement-breakpoint
CREATE INDEX "password_reset_codes_user_idx" ON "password_reset_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_identification_unique" ON "patients" USING btree ("institution_id","identification");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_code_op_unique" ON "patients" USING btree ("code_op");--> statement-breakpoint
CREATE INDEX "patients_doctor_created_idx" ON "patients" USING btree ("doctor_id","created_at");--> statement-breakpoint
CREATE INDEX "patients_created_at_idx" ON "patients" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "patients_code_op_order_idx" ON "patients" USING btree ("code_op" desc nulls last,"created_at");--> statement-breakpoint
CREATE INDEX "samples_patient_idx" ON "samples" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "treatments_patient_idx" ON "treatments" USING btree ("patient_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");