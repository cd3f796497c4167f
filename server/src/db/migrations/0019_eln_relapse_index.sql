-- The ELN 2022 risk's index with the relapse after the order's columns: eln=…&relapse=… is read from
-- the index alone (docs/performance.md).
DROP INDEX "patient_list_eln2022_idx";--> statement-breakpoint
CREATE INDEX "patient_list_eln2022_idx" ON "patient_list" USING btree ("eln2022","code_op" desc nulls last,"created_at" desc,"patient_id" desc,"relapse");
