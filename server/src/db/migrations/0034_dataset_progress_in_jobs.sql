ALTER TABLE "datasets" DROP CONSTRAINT "datasets_status_check";--> statement-breakpoint
ALTER TABLE "datasets" ALTER COLUMN "status" SET DEFAULT 'building';--> statement-breakpoint
ALTER TABLE "datasets" DROP COLUMN "progress_done";--> statement-breakpoint
ALTER TABLE "datasets" DROP COLUMN "progress_total";--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_status_check" CHECK ("datasets"."status" in ('building', 'ready', 'failed'));