-- Accent- and case-insensitive search (docs/product-rules.md#patient-list) with trigram indexes, and the
-- append-only audit trail (docs/product-rules.md#audit). Both extensions are "trusted": the owner of the
-- database may create them without being a superuser.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); this wrapper names the dictionary
-- explicitly, which makes it safe to declare IMMUTABLE and to use in an index expression.
CREATE OR REPLACE FUNCTION registry_search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE INDEX "patients_identification_search_idx" ON "patients" USING gin (registry_search_text("identification") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "institutions_name_search_idx" ON "institutions" USING gin (registry_search_text("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin (registry_search_text("email") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_nickname_search_idx" ON "users" USING gin (registry_search_text("nickname") gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'insufficient_privilege'; END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_delete BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
-- Treatment and drug order numbers stay unique per parent; deferred so that renumbering after a
-- deletion can pass through a momentary duplicate inside its transaction.
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_patient_order_unique" UNIQUE ("patient_id", "order") DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "drugs" ADD CONSTRAINT "drugs_treatment_order_unique" UNIQUE ("treatment_id", "order") DEFERRABLE INITIALLY DEFERRED;
