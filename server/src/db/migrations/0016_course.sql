-- Response, remission and transplant (CONTRACT §11): the ELN 2022 response categories, the date of each
-- assessment and the MRD's result and method on each treatment; in the list's read model, the course the
-- code derives from them (read-model/derived.ts), which the server fills as it starts.
ALTER TABLE "treatments" DROP CONSTRAINT "treatments_assessment_check";--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "first_response_date" date;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "first_cr_date" date;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "first_cr_category" text;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "cr_undated" boolean;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "mrd_negative_in_cr" boolean;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "induction_failure" boolean;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "transplant_type" text;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "transplant_date" date;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "transplant_in_cr1" boolean;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "course" jsonb;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "disease_assessment_date" date;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "emr_status" text;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "emr_method" text;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_emr_status_check" CHECK ("treatments"."emr_status" in ('negative', 'positive', 'not_done'));--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_emr_method_check" CHECK ("treatments"."emr_method" in ('flow', 'qPCR', 'NGS'));--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_assessment_check" CHECK ("treatments"."disease_assessment" in ('RC', 'RCh', 'RCi', 'MLFS', 'RP', 'NR', 'EP', 'NE'));