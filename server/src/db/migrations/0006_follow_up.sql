-- Who is due for follow-up (docs/product-rules.md#outcomes): the living, oldest news first, for every
-- patient (admins) and for one doctor.
CREATE INDEX "patient_list_follow_up_idx" ON "patient_list" USING btree ("last_known_alive" asc nulls first,"patient_id") WHERE "patient_list"."death_date" is null;--> statement-breakpoint
CREATE INDEX "patient_list_doctor_follow_up_idx" ON "patient_list" USING btree ("doctor_id","last_known_alive" asc nulls first,"patient_id") WHERE "patient_list"."death_date" is null;