-- Indexes for any combination of the list's filters, not only the ones the benchmark's fixed set asks
-- for (docs/performance.md, docs/decisions/014-patient-list-projection.md):
-- - every index the list walks in its order, or reads a range of, carries after its key the
--   institution, the doctor, the Code OP and every filter column, so that a combination's conditions
--   are checked on the index's entries and never on the rows; the relapse-date index holds only the
--   patients who relapsed;
-- - every equality filter (institution, doctor, subtype, stage, relapse, ELN 2022) in one inverted
--   index, so that a page of few matches of any combination of them is the intersection of their lists
--   of rows rather than of B-tree scans that each read every row of one value. btree_gin gives these
--   scalar types a GIN operator class; like unaccent and pg_trgm it is a trusted extension that the
--   database's owner may create;
-- - an institution's follow-ups by their day, as a doctor's already are.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "patient_list_code_op_desc_idx";--> statement-breakpoint
DROP INDEX "patient_list_code_op_asc_idx";--> statement-breakpoint
DROP INDEX "patient_list_created_idx";--> statement-breakpoint
DROP INDEX "patient_list_relapse_idx";--> statement-breakpoint
DROP INDEX "patient_list_sub_type_idx";--> statement-breakpoint
DROP INDEX "patient_list_dx_secondary_idx";--> statement-breakpoint
DROP INDEX "patient_list_eln2022_idx";--> statement-breakpoint
DROP INDEX "patient_list_institution_idx";--> statement-breakpoint
DROP INDEX "patient_list_relapse_date_idx";--> statement-breakpoint
DROP INDEX "patient_list_quality_overdue_only_idx";--> statement-breakpoint
CREATE INDEX "patient_list_equality_idx" ON "patient_list" USING gin ("institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","eln2022") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "patient_list_institution_follow_up_idx" ON "patient_list" USING btree ("institution_id","follow_up_from","patient_id") WHERE "patient_list"."follow_up_from" is not null;--> statement-breakpoint
CREATE INDEX "patient_list_code_op_desc_idx" ON "patient_list" USING btree ("code_op" desc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_code_op_asc_idx" ON "patient_list" USING btree ("code_op" asc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_created_idx" ON "patient_list" USING btree ("created_at","patient_id","institution_id","doctor_id","code_op","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_relapse_idx" ON "patient_list" USING btree ("relapse","code_op" desc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","dx_secondary","relapse_date","eln2022","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_sub_type_idx" ON "patient_list" USING btree ("dx_sub_type","code_op" desc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_secondary","relapse","relapse_date","eln2022","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_dx_secondary_idx" ON "patient_list" USING btree ("dx_secondary","code_op" desc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","relapse","relapse_date","eln2022","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_eln2022_idx" ON "patient_list" USING btree ("eln2022","code_op" desc nulls last,"created_at" desc,"patient_id" desc,"institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_institution_idx" ON "patient_list" USING btree ("institution_id","code_op" desc nulls last,"created_at" desc,"patient_id" desc,"doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from");--> statement-breakpoint
CREATE INDEX "patient_list_relapse_date_idx" ON "patient_list" USING btree ("relapse_date","code_op","created_at","patient_id","institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","eln2022","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from") WHERE "patient_list"."relapse_date" is not null;--> statement-breakpoint
CREATE INDEX "patient_list_quality_overdue_only_idx" ON "patient_list" USING btree ("quality_overdue_from","doctor_id","institution_id","patient_id","code_op","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","quality_errors","quality_warnings","quality_duplicate") WHERE "patient_list"."quality_errors" = 0 and "patient_list"."quality_warnings" = 0 and not "patient_list"."quality_duplicate";
