CREATE TABLE "dataset_centres" (
	"study" text NOT NULL,
	"institution_id" uuid NOT NULL,
	"number" integer NOT NULL,
	CONSTRAINT "dataset_centres_study_institution_id_pk" PRIMARY KEY("study","institution_id"),
	CONSTRAINT "dataset_centres_number_unique" UNIQUE("study","number"),
	CONSTRAINT "dataset_centres_number_positive" CHECK ("dataset_centres"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "dataset_chunks" (
	"dataset_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "dataset_chunks_dataset_id_seq_pk" PRIMARY KEY("dataset_id","seq"),
	CONSTRAINT "dataset_chunks_size_check" CHECK (octet_length("dataset_chunks"."content") between 1 and 1048576)
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requested_by" uuid,
	"purpose" text NOT NULL,
	"filters" jsonb NOT NULL,
	"identified" boolean NOT NULL,
	"dates" text NOT NULL,
	"study_key" text NOT NULL,
	"free_text" boolean NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"rows" jsonb,
	"size" bigint,
	"sha256" text,
	"smallest_group" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "datasets_status_check" CHECK ("datasets"."status" in ('queued', 'building', 'ready', 'failed')),
	CONSTRAINT "datasets_dates_check" CHECK ("datasets"."dates" in ('intervals', 'shifted')),
	CONSTRAINT "datasets_language_check" CHECK ("datasets"."language" in ('es', 'en')),
	CONSTRAINT "datasets_free_text_identified" CHECK ("datasets"."identified" or not "datasets"."free_text")
);
--> statement-breakpoint
ALTER TABLE "dataset_centres" ADD CONSTRAINT "dataset_centres_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_chunks" ADD CONSTRAINT "dataset_chunks_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "datasets_created_at_idx" ON "datasets" USING btree ("created_at","id");