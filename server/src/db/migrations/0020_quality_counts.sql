-- The list's counts keep each patient's data quality without the day (read-model/counts.ts), so that a
-- count of quality=error, warning or none sums them; the few patients whose follow-up is overdue are
-- counted apart through their own index. Emptied here, the counts are rebuilt as the server starts.
-- A doctor's index also holds the quality's columns: a doctor's quality filter reads it alone.
TRUNCATE "patient_list_counts";--> statement-breakpoint
ALTER TABLE "patient_list_counts" DROP CONSTRAINT "patient_list_counts_key";--> statement-breakpoint
DROP INDEX "patient_list_doctor_created_idx";--> statement-breakpoint
ALTER TABLE "patient_list_counts" ADD COLUMN "quality" text NOT NULL;--> statement-breakpoint
CREATE INDEX "patient_list_quality_overdue_only_idx" ON "patient_list" USING btree ("quality_overdue_from","doctor_id","institution_id","patient_id") WHERE "patient_list"."quality_errors" = 0 and "patient_list"."quality_warnings" = 0 and not "patient_list"."quality_duplicate";--> statement-breakpoint
CREATE INDEX "patient_list_doctor_created_idx" ON "patient_list" USING btree ("doctor_id","created_at","patient_id","code_op","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
ALTER TABLE "patient_list_counts" ADD CONSTRAINT "patient_list_counts_key" UNIQUE NULLS NOT DISTINCT("doctor_id","institution_id","dx_sub_type","dx_secondary","relapse","code_op","eln2022","quality");