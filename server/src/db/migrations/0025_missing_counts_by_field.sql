-- The missing counts partitioned by field (read-model/counts.ts): a count of `missing` sums one field's
-- kept rows, and its rows were spread over every page of the table (at 100,000 patients, 5,549 rows of
-- 39,191 in a scan of 1,173 pages for `lastContactDate`; docs/performance.md). Each field's partition
-- is made as the server starts, from the fields the code knows (shared `MISSING_FIELDS`), and its rows
-- move there from the default partition, which holds them until then. The rows are copied as they are.
ALTER TABLE "patient_list_missing_counts" RENAME TO "patient_list_missing_counts_unpartitioned";--> statement-breakpoint
ALTER TABLE "patient_list_missing_counts_unpartitioned" RENAME CONSTRAINT "patient_list_missing_counts_key" TO "patient_list_missing_counts_unpartitioned_key";--> statement-breakpoint
ALTER INDEX "patient_list_missing_counts_doctor_idx" RENAME TO "patient_list_missing_counts_unpartitioned_doctor_idx";--> statement-breakpoint
CREATE TABLE "patient_list_missing_counts" (
	"doctor_id" uuid NOT NULL,
	"institution_id" uuid NOT NULL,
	"dx_sub_type" text,
	"dx_secondary" text,
	"relapse" boolean,
	"code_op" smallint,
	"eln2022" text NOT NULL,
	"quality" text NOT NULL,
	"field" text NOT NULL,
	"patients" integer NOT NULL,
	CONSTRAINT "patient_list_missing_counts_key" UNIQUE NULLS NOT DISTINCT("field","doctor_id","institution_id","dx_sub_type","dx_secondary","relapse","code_op","eln2022","quality")
) PARTITION BY LIST ("field");--> statement-breakpoint
CREATE INDEX "patient_list_missing_counts_doctor_idx" ON "patient_list_missing_counts" USING btree ("doctor_id");--> statement-breakpoint
CREATE TABLE "patient_list_missing_counts_other" PARTITION OF "patient_list_missing_counts" DEFAULT WITH (fillfactor = 50);--> statement-breakpoint
INSERT INTO "patient_list_missing_counts" SELECT * FROM "patient_list_missing_counts_unpartitioned";--> statement-breakpoint
DROP TABLE "patient_list_missing_counts_unpartitioned";
