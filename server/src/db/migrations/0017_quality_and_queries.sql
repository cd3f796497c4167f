CREATE TABLE "data_queries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"field" text,
	"rule_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by" uuid NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "data_queries_status_check" CHECK ("data_queries"."status" in ('open', 'answered', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "data_query_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"query_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	CONSTRAINT "data_query_events_kind_check" CHECK ("data_query_events"."kind" in ('open', 'answer', 'close', 'reopen'))
);
--> statement-breakpoint
CREATE TABLE "notification_recipients" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"pending_since" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "notification_recipients_language_check" CHECK ("notification_recipients"."language" in ('es', 'en'))
);
--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "quality_rules" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "quality_errors" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "quality_warnings" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "quality_duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "quality_overdue_from" date;--> statement-breakpoint
ALTER TABLE "data_queries" ADD CONSTRAINT "data_queries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_queries" ADD CONSTRAINT "data_queries_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_query_events" ADD CONSTRAINT "data_query_events_query_id_data_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."data_queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_query_events" ADD CONSTRAINT "data_query_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_queries_patient_idx" ON "data_queries" USING btree ("patient_id","updated_at");--> statement-breakpoint
CREATE INDEX "data_queries_status_idx" ON "data_queries" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_queries_rule_unique" ON "data_queries" USING btree ("patient_id","rule_id") WHERE "data_queries"."rule_id" is not null and "data_queries"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "data_query_events_query_idx" ON "data_query_events" USING btree ("query_id","id");--> statement-breakpoint
CREATE INDEX "notification_recipients_pending_idx" ON "notification_recipients" USING btree ("pending_since") WHERE "notification_recipients"."pending_since" is not null;--> statement-breakpoint
CREATE INDEX "patient_list_quality_errors_idx" ON "patient_list" USING btree ("institution_id","doctor_id","patient_id") WHERE "patient_list"."quality_errors" > 0;--> statement-breakpoint
CREATE INDEX "patient_list_quality_warnings_idx" ON "patient_list" USING btree ("institution_id","doctor_id","patient_id") WHERE "patient_list"."quality_warnings" > 0;--> statement-breakpoint
CREATE INDEX "patient_list_quality_duplicate_idx" ON "patient_list" USING btree ("institution_id","doctor_id","patient_id") WHERE "patient_list"."quality_duplicate";--> statement-breakpoint
CREATE INDEX "patient_list_quality_rules_idx" ON "patient_list" USING gin ("quality_rules");--> statement-breakpoint
CREATE INDEX "patient_list_duplicate_key_idx" ON "patient_list" USING btree ("institution_id","birth_date","gender","dx_date") WHERE "patient_list"."birth_date" is not null and "patient_list"."gender" is not null and "patient_list"."dx_date" is not null;--> statement-breakpoint
CREATE INDEX "patient_list_quality_overdue_idx" ON "patient_list" USING btree ("quality_overdue_from","patient_id");