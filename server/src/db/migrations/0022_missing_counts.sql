-- The list's counts per field a patient lacks (read-model/counts.ts), so that a count of the list's
-- `missing` filter sums kept rows, as its equality filters do, rather than reading every patient. The
-- triggers that keep it, and its rebuild, are installed as the server starts; a new version of them
-- rebuilds it from the read model. Stored half full, as the other counts are (migration 0013), so that
-- a row's new count finds room on its page.
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
) WITH (fillfactor = 50);
--> statement-breakpoint
CREATE INDEX "patient_list_missing_counts_doctor_idx" ON "patient_list_missing_counts" USING btree ("doctor_id");
