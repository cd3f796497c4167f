-- The counts of the searches that match many patients (read-model/search-terms.ts): a search for a
-- word that most lab reports hold (`npm1` is in 39% of the bench's registry) was counted by reading
-- every matching row, since a trigram only finds the candidates `like` must check (docs/performance.md).
-- The server registers such a search after counting it once, and the counts' triggers keep how many
-- patients' own text matches it per combination of the counts' key, as they keep the other counts.
-- Stored half full, as the other counts are (migration 0013), so that a count is updated in place.
CREATE TABLE "patient_list_search_terms" (
	"pattern" text PRIMARY KEY NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_list_term_counts" (
	"pattern" text NOT NULL,
	"doctor_id" uuid NOT NULL,
	"institution_id" uuid NOT NULL,
	"dx_sub_type" text,
	"dx_secondary" text,
	"relapse" boolean,
	"code_op" smallint,
	"eln2022" text NOT NULL,
	"quality" text NOT NULL,
	"patients" integer NOT NULL,
	CONSTRAINT "patient_list_term_counts_key" UNIQUE NULLS NOT DISTINCT("pattern","doctor_id","institution_id","dx_sub_type","dx_secondary","relapse","code_op","eln2022","quality")
);
--> statement-breakpoint
ALTER TABLE "patient_list_term_counts" ADD CONSTRAINT "patient_list_term_counts_pattern_patient_list_search_terms_pattern_fk" FOREIGN KEY ("pattern") REFERENCES "public"."patient_list_search_terms"("pattern") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_list_term_counts_doctor_idx" ON "patient_list_term_counts" USING btree ("doctor_id");--> statement-breakpoint
ALTER TABLE "patient_list_term_counts" SET (fillfactor = 50);
