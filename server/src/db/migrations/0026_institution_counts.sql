-- The list's counts summed over the doctors (read-model/counts.ts): an admin's count that names no
-- doctor sums these rows, about two fifths of those of `patient_list_counts` (at 100,000 patients,
-- 2,516 against 6,338, and 0.34 against 0.83 ms for the sum of all of them; docs/performance.md). The
-- server fills the table as it starts: the counts' functions change with it, and their new digest
-- makes it recount every combination. Stored half full, as `patient_list_counts` is (migration 0013),
-- so that a count's new version finds room on its page and is updated in place.
CREATE TABLE "patient_list_institution_counts" (
	"institution_id" uuid NOT NULL,
	"dx_sub_type" text,
	"dx_secondary" text,
	"relapse" boolean,
	"code_op" smallint,
	"eln2022" text NOT NULL,
	"quality" text NOT NULL,
	"patients" integer NOT NULL,
	CONSTRAINT "patient_list_institution_counts_key" UNIQUE NULLS NOT DISTINCT("institution_id","dx_sub_type","dx_secondary","relapse","code_op","eln2022","quality")
);--> statement-breakpoint
ALTER TABLE "patient_list_institution_counts" SET (fillfactor = 50);
