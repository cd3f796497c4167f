-- What each file was uploaded for (docs/product-rules.md#files): a file may be linked only from the
-- kind of record it was uploaded for. Files uploaded before this knew no purpose: those of the NGS OP
-- entry, or uploaded by an admin (who writes nothing else), become 'ngsOp'; the rest 'clinical', which a
-- doctor's sample or lab-report entry may link.
ALTER TABLE "files" ADD COLUMN "purpose" text DEFAULT 'clinical' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_purpose_check" CHECK ("files"."purpose" in ('sample', 'labReport', 'ngsOp', 'clinical'));--> statement-breakpoint
UPDATE "files" SET "purpose" = 'ngsOp'
WHERE "id" IN (SELECT "file_id" FROM "lab_reports" WHERE "name" = 'NGS OP' AND "file_id" IS NOT NULL)
   OR "uploaded_by" IN (SELECT "id" FROM "users" WHERE "is_admin");
