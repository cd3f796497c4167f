-- Indexes for the patient list and its exports (docs/product-rules.md#patient-list), so that every sort reads pages
-- in index order: codeOP either way with patients without a code last and the newest first among
-- them; createdAt with the id as tie-breaker (also the key the exports page through). The partial
-- index serves the 'Other' subtype filter, whose values are stored as 'Other: {text}'.
CREATE INDEX IF NOT EXISTS "patients_code_op_desc_idx" ON "patients" USING btree ("code_op" DESC NULLS LAST, "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patients_code_op_asc_idx" ON "patients" USING btree ("code_op" ASC NULLS LAST, "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "patients_created_id_idx" ON "patients" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "diagnostics_other_sub_type_idx" ON "diagnostics" USING btree ("patient_id") WHERE "dx_sub_type" LIKE 'Other: %';
