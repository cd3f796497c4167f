-- Genetics on each diagnostic (CONTRACT §10) and, in the list's read model, what the code derives from
-- them: the first diagnostic's ELN 2022 category (a filter, counted), its reasons and missing markers,
-- each marker as the classification reads it, and the karyotype. The server fills the new columns as
-- it starts (the projection and the counts are installed from the code, read-model/), rebuilding the
-- counts with the category in their key.
ALTER TABLE "diagnostics" ADD COLUMN "genetics" jsonb;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "eln2022" text DEFAULT 'not_applicable' NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "eln2022_detail" jsonb;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "genetic_markers" jsonb;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "karyotype" text;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "karyotype_result" text;--> statement-breakpoint
TRUNCATE "patient_list_counts";--> statement-breakpoint
ALTER TABLE "patient_list_counts" DROP CONSTRAINT "patient_list_counts_key";--> statement-breakpoint
ALTER TABLE "patient_list_counts" ADD COLUMN "eln2022" text NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list_counts" ADD CONSTRAINT "patient_list_counts_key" UNIQUE NULLS NOT DISTINCT("doctor_id","institution_id","dx_sub_type","dx_secondary","relapse","code_op","eln2022");--> statement-breakpoint
DROP INDEX "patient_list_doctor_created_idx";--> statement-breakpoint
CREATE INDEX "patient_list_doctor_created_idx" ON "patient_list" USING btree ("doctor_id","created_at","patient_id","code_op","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022");--> statement-breakpoint
CREATE INDEX "patient_list_eln2022_idx" ON "patient_list" USING btree ("eln2022","code_op" desc nulls last,"created_at" desc,"patient_id" desc);
