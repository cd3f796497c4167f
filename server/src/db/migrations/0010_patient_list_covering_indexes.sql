-- Two indexes of the list's read model carry the columns their queries read (docs/decisions/014): a
-- doctor's filtered list, and a relapse-date range, find and sort their matches from the index alone.
DROP INDEX "patient_list_doctor_created_idx";--> statement-breakpoint
DROP INDEX "patient_list_relapse_date_idx";--> statement-breakpoint
CREATE INDEX "patient_list_doctor_created_idx" ON "patient_list" USING btree ("doctor_id","created_at","patient_id","code_op","dx_sub_type","dx_secondary","relapse","relapse_date");--> statement-breakpoint
CREATE INDEX "patient_list_relapse_date_idx" ON "patient_list" USING btree ("relapse_date","code_op","created_at","patient_id");