-- The day a living patient's follow-up is counted from, kept in the row (read-model/derived.ts), so
-- that the list's `followUpDue` is a range of one index, with the columns of the other filters and of
-- the orders, rather than a coalesce read from every living patient's row; and the columns of
-- `missing` and `followUpDue` in a doctor's index, so that a doctor's page of few matches is read from
-- the index alone. The server writes every row again at its next start, since the projection changed.
DROP INDEX "patient_list_doctor_created_idx";--> statement-breakpoint
DROP INDEX "patient_list_follow_up_idx";--> statement-breakpoint
DROP INDEX "patient_list_doctor_follow_up_idx";--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "follow_up_from" date;--> statement-breakpoint
CREATE INDEX "patient_list_doctor_created_idx" ON "patient_list" USING btree ("doctor_id","created_at","patient_id","code_op","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from","follow_up_from","eln_inputs","dx_date","risk_level","consent","first_scheme","first_response","has_cytogenetics","has_molecular","has_ngs","last_contact_date");--> statement-breakpoint
CREATE INDEX "patient_list_follow_up_idx" ON "patient_list" USING btree ("follow_up_from","patient_id","code_op","created_at","institution_id","doctor_id","dx_sub_type","dx_secondary","relapse","relapse_date","eln2022","quality_errors","quality_warnings","quality_duplicate","quality_overdue_from") WHERE "patient_list"."follow_up_from" is not null;--> statement-breakpoint
CREATE INDEX "patient_list_doctor_follow_up_idx" ON "patient_list" USING btree ("doctor_id","follow_up_from","patient_id") WHERE "patient_list"."follow_up_from" is not null;
