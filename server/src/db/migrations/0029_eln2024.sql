-- The ELN 2024 genetic risk for less-intensive therapy (CONTRACT §10b) beside ELN 2022's: its column and
-- words in the list's read model, a filter carried by every index the list walks, in the filters'
-- inverted index and the outcomes' index, and a column of the kept counts' key. The server rebuilds
-- every row and every count as it starts (the projection's and the counts' digests change).
ALTER TABLE "patient_list_counts" DROP CONSTRAINT "patient_list_counts_key";--> statement-breakpoint
ALTER TABLE "patient_list_institution_counts" DROP CONSTRAINT "patient_list_institution_counts_key";--> statement-breakpoint
ALTER TABLE "patient_list_missing_counts" DROP CONSTRAINT "patient_list_missing_counts_key";--> statement-breakpoint
ALTER TABLE "patient_list_term_counts" DROP CONSTRAINT "patient_list_term_counts_key";--> statement-breakpoint
DROP INDEX "patient_list_code_op_desc_idx";--> statement-breakpoint
DROP INDEX "patient_list_code_op_asc_idx";--> statement-breakpoint
DROP INDEX "patient_list_created_idx";--> statement-breakpoint
DROP INDEX "patient_list_doctor_created_idx";--> statement-breakpoint
DROP INDEX "patient_list_relapse_idx";--> statement-breakpoint
DROP INDEX "patient_list_sub_type_idx";--> statement-breakpoint
DROP INDEX "patient_list_dx_secondary_idx";--> statement-breakpoint
DROP INDEX "patient_list_eln2022_idx";--> statement-breakpoint
DROP INDEX "patient_list_institution_idx";--> statement-breakpoint
DROP INDEX "patient_list_outcomes_idx";--> statement-breakpoint
DROP INDEX "patient_list_filters_idx";--> statement-breakpoint
DROP INDEX "patient_list_relapse_date_idx";--> statement-breakpoint
DROP INDEX "patient_list_follow_up_idx";--> statement-breakpoint
DROP INDEX "patient_list_quality_overdue_only_idx";--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "eln2024" text DEFAULT 'not_applicable' NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "eln2024_detail" jsonb;--> statement-breakpoint
ALTER TABLE "patient_list_counts" ADD COLUMN "eln2024" text DEFAULT 'not_applicable' NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list_institution_counts" ADD COLUMN "eln2024" text DEFAULT 'not_applicable' NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list_missing_counts" ADD COLUMN "eln2024" text DEFAULT 'not_applicable' NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list_term_counts" ADD COLUMN "eln2024" text DEFAULT 'not_applicable' NOT NULL;--> statement-breakpoint
CREATE INDEX "patient_list_eln2024_idx" ON "patient_list" USING btree ("eln2024","code_op" desc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_code_op_desc_idx" ON "patient_list" USING btree ("code_op" desc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_code_op_asc_idx" ON "patient_list" USING btree ("code_op" asc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_created_idx" ON "patient_list" USING btree ("created_at","patient_id","institution_id","doctor_id","code_op","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_doctor_created_idx" ON "patient_list" USING btree ("doctor_id","created_at","patient_id","code_op","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from","follow_up_from","eln_inputs","dx_date","risk_level","consent","first_scheme","first_response","has_cytogenetics","has_molecular","has_ngs","last_contact_date");--> statement-breakpoint
CREATE INDEX "patient_list_relapse_idx" ON "patient_list" USING btree ("relapse","code_op" desc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","dx_secondary","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_sub_type_idx" ON "patient_list" USING btree ("dx_sub_type","code_op" desc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_secondary","relapse","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_dx_secondary_idx" ON "patient_list" USING btree ("dx_secondary","code_op" desc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","relapse","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_eln2022_idx" ON "patient_list" USING btree ("eln2022","code_op" desc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_institution_idx" ON "patient_list" USING btree ("institution_id","code_op" desc nulls last,"created_at" desc,"patient_id" desc,"doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_outcomes_idx" ON "patient_list" USING btree ("doctor_id","institution_id","dx_date","death_date","last_known_alive","last_contact_date","relapse","relapse_date","first_cr_date","cr_undated","induction_failure","mrd_negative_in_cr","transplant_type","transplant_date","first_response","first_scheme","dx_sub_type","dx_secondary","risk_level","eln2022","eln2024","patient_fit","gender","age_at_diagnosis","consent","has_cytogenetics","has_molecular","has_ngs");--> statement-breakpoint
CREATE INDEX "patient_list_filters_idx" ON "patient_list" USING gin ("search_text" gin_trgm_ops,"report_text" gin_trgm_ops,"institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","eln2022","eln2024") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "patient_list_relapse_date_idx" ON "patient_list" USING btree ("relapse_date","code_op","created_at","patient_id","institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from") WHERE "patient_list"."relapse_date" is not null;--> statement-breakpoint
CREATE INDEX "patient_list_follow_up_idx" ON "patient_list" USING btree ("follow_up_from","patient_id","code_op","created_at","institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from") WHERE "patient_list"."follow_up_from" is not null;--> statement-breakpoint
CREATE INDEX "patient_list_quality_overdue_only_idx" ON "patient_list" USING btree ("quality_overdue_from","doctor_id","institution_id","patient_id","code_op","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","eln2024","quality_errors","quality_warnings","quality_duplicate") WHERE "patient_list"."quality_errors" = 0 and "patient_list"."quality_warnings" = 0 and not "patient_list"."quality_duplicate";--> statement-breakpoint
ALTER TABLE "patient_list_counts" ADD CONSTRAINT "patient_list_counts_key" UNIQUE NULLS NOT DISTINCT("doctor_id","institution_id","dx_sub_type","dx_secondary","relapse","code_op","eln2022","eln2024","quality");--> statement-breakpoint
ALTER TABLE "patient_list_institution_counts" ADD CONSTRAINT "patient_list_institution_counts_key" UNIQUE NULLS NOT DISTINCT("institution_id","dx_sub_type","dx_secondary","relapse","code_op","eln2022","eln2024","quality");--> statement-breakpoint
ALTER TABLE "patient_list_missing_counts" ADD CONSTRAINT "patient_list_missing_counts_key" UNIQUE NULLS NOT DISTINCT("field","doctor_id","institution_id","dx_sub_type","dx_secondary","relapse","code_op","eln2022","eln2024","quality");--> statement-breakpoint
ALTER TABLE "patient_list_term_counts" ADD CONSTRAINT "patient_list_term_counts_key" UNIQUE NULLS NOT DISTINCT("pattern","doctor_id","institution_id","dx_sub_type","dx_secondary","relapse","code_op","eln2022","eln2024","quality");