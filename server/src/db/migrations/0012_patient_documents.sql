-- Each patient's records as one JSON object, beside the records (docs/decisions/014): the JSON export
-- splices them into each file. The server writes the rows of existing patients as it starts, with the
-- SQL of patients/read-model/document-sql.ts (db/patient-documents.ts), so that their shape lives once.
CREATE TABLE "patient_documents" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"records" json NOT NULL,
	"shape" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_documents" ADD CONSTRAINT "patient_documents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;