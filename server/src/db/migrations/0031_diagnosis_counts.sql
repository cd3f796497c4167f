DROP INDEX "patient_list_outcomes_idx";--> statement-breakpoint
ALTER TABLE "diagnostics" ADD COLUMN "wbc_at_diagnosis" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "diagnostics" ADD COLUMN "marrow_blasts_at_diagnosis" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "wbc_at_diagnosis" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "marrow_blasts_at_diagnosis" numeric(5, 2);--> statement-breakpoint
CREATE INDEX "patient_list_outcomes_idx" ON "patient_list" USING btree ("doctor_id","institution_id","dx_date","death_date","last_known_alive","last_contact_date","relapse","relapse_date","first_cr_date","cr_undated","induction_failure","mrd_negative_in_cr","transplant_type","transplant_date","first_response","first_scheme","dx_sub_type","dx_secondary","risk_level","eln2022","eln2024","patient_fit","gender","age_at_diagnosis","wbc_at_diagnosis","consent","has_cytogenetics","has_molecular","has_ngs","eln_inputs");--> statement-breakpoint
ALTER TABLE "diagnostics" ADD CONSTRAINT "diagnostics_wbc_range" CHECK ("diagnostics"."wbc_at_diagnosis" between 0 and 1000);--> statement-breakpoint
ALTER TABLE "diagnostics" ADD CONSTRAINT "diagnostics_marrow_blasts_range" CHECK ("diagnostics"."marrow_blasts_at_diagnosis" between 0 and 100);