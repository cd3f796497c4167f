-- The list counted simply (docs/decisions/014): one table of kept counts, for the list's equality
-- filters, and every other count through the index that serves its page. The counts of the quality,
-- of the patients without a field, summed over the doctors and of the remembered searches go, and
-- with them the indexes only they needed. The counts are emptied here; the server installs their new
-- trigger function and recounts them as it starts (read-model/counts.ts).
DROP TRIGGER IF EXISTS "patient_list_counts_truncate" ON "patient_list";--> statement-breakpoint
DROP FUNCTION IF EXISTS registry_patient_list_counts_truncate();--> statement-breakpoint
TRUNCATE "patient_list_counts";--> statement-breakpoint
DROP TABLE "patient_list_institution_counts" CASCADE;--> statement-breakpoint
DROP TABLE "patient_list_missing_counts" CASCADE;--> statement-breakpoint
DROP TABLE "patient_list_search_terms" CASCADE;--> statement-breakpoint
DROP TABLE "patient_list_term_counts" CASCADE;--> statement-breakpoint
ALTER TABLE "patient_list_counts" DROP CONSTRAINT "patient_list_counts_key";--> statement-breakpoint
DROP INDEX "patient_list_relapse_idx";--> statement-breakpoint
DROP INDEX "patient_list_sub_type_idx";--> statement-breakpoint
DROP INDEX "patient_list_dx_secondary_idx";--> statement-breakpoint
DROP INDEX "patient_list_eln2022_idx";--> statement-breakpoint
DROP INDEX "patient_list_eln2024_idx";--> statement-breakpoint
DROP INDEX "patient_list_institution_idx";--> statement-breakpoint
DROP INDEX "patient_list_relapse_date_idx";--> statement-breakpoint
DROP INDEX "patient_list_doctor_follow_up_idx";--> statement-breakpoint
DROP INDEX "patient_list_institution_follow_up_idx";--> statement-breakpoint
DROP INDEX "patient_list_quality_errors_idx";--> statement-breakpoint
DROP INDEX "patient_list_quality_warnings_idx";--> statement-breakpoint
DROP INDEX "patient_list_quality_duplicate_idx";--> statement-breakpoint
DROP INDEX "patient_list_quality_rules_idx";--> statement-breakpoint
DROP INDEX "patient_list_quality_overdue_idx";--> statement-breakpoint
DROP INDEX "patient_list_quality_overdue_only_idx";--> statement-breakpoint
DROP INDEX "patient_list_code_op_desc_idx";--> statement-breakpoint
DROP INDEX "patient_list_code_op_asc_idx";--> statement-breakpoint
DROP INDEX "patient_list_created_idx";--> statement-breakpoint
DROP INDEX "patient_list_outcomes_idx";--> statement-breakpoint
CREATE INDEX "patient_list_quality_idx" ON "patient_list" USING btree ("institution_id","doctor_id","patient_id","quality_errors","quality_warnings","quality_duplicate","quality_rules","code_op","dx_sub_type","dx_secondary","relapse","eln2022","eln2024") WHERE "patient_list"."quality_errors" > 0 or "patient_list"."quality_warnings" > 0 or "patient_list"."quality_duplicate";--> statement-breakpoint
CREATE INDEX "patient_list_code_op_desc_idx" ON "patient_list" USING btree ("code_op" desc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from","follow_up_from");--> statement-breakpoint
CREATE INDEX "patient_list_code_op_asc_idx" ON "patient_list" USING btree ("code_op" asc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from","follow_up_from");--> statement-breakpoint
CREATE INDEX "patient_list_created_idx" ON "patient_list" USING btree ("created_at","patient_id","institution_id","doctor_id","code_op","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from","follow_up_from");--> statement-breakpoint
CREATE INDEX "patient_list_outcomes_idx" ON "patient_list" USING btree ("doctor_id","institution_id","dx_date","death_date","last_known_alive","last_contact_date","relapse","relapse_date","first_cr_date","cr_undated","induction_failure","mrd_negative_in_cr","transplant_type","transplant_date","first_response","first_scheme","dx_sub_type","dx_secondary","risk_level","eln2022","eln2024","patient_fit","gender","age_at_diagnosis","consent","has_cytogenetics","has_molecular","has_ngs","eln_inputs");--> statement-breakpoint
ALTER TABLE "patient_list_counts" DROP COLUMN "quality";--> statement-breakpoint
ALTER TABLE "patient_list_counts" ADD CONSTRAINT "patient_list_counts_key" UNIQUE NULLS NOT DISTINCT("doctor_id","institution_id","dx_sub_type","dx_secondary","relapse","code_op","eln2022","eln2024");