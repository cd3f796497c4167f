-- Identifications are compared case- and space-insensitively within an institution
-- (docs/product-rules.md#records): `hc-2026-0457` is `HC-2026-0457`, and `HC 2026 0457` is `HC20260457`.
-- The key is the database's own, set by a trigger on every insert and on every change of the
-- identification, whoever writes the row (the app, the seed, a restore).
CREATE FUNCTION registry_identification_key(identification text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(regexp_replace(identification, '\s', '', 'g')) $$;
--> statement-breakpoint
CREATE FUNCTION registry_patients_identification_key() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  NEW.identification_key := registry_identification_key(NEW.identification);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "identification_key" text;
--> statement-breakpoint
UPDATE "patients" SET "identification_key" = registry_identification_key("identification");
--> statement-breakpoint
-- Patients registered before the rule whose identifications now collide are not merged: the first one
-- registered keeps the key, the others keep their identification without one, and each of them is
-- reported in the audit trail (action `patient.identificationCollision`) for the institution to decide.
-- Changing such a patient's identification gives it a key, and must then be unique.
WITH ranked AS (
  SELECT id, institution_id, identification_key,
    row_number() OVER (PARTITION BY institution_id, identification_key ORDER BY created_at, id) AS rank,
    first_value(id) OVER (PARTITION BY institution_id, identification_key ORDER BY created_at, id) AS first_id
  FROM "patients"
), colliding AS (
  UPDATE "patients" p SET "identification_key" = NULL
  FROM ranked r WHERE r.id = p.id AND r.rank > 1
  RETURNING p.id, r.first_id
)
INSERT INTO "audit_events" ("action", "outcome", "entity_type", "entity_id", "patient_id", "changes")
SELECT 'patient.identificationCollision', 'ok', 'patient', c.id::text, c.id,
  jsonb_build_object('collidesWith', jsonb_build_object('old', NULL, 'new', c.first_id::text))
FROM colliding c;
--> statement-breakpoint
DROP INDEX "patients_identification_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "patients_identification_key_unique" ON "patients" USING btree ("institution_id","identification_key");
--> statement-breakpoint
CREATE TRIGGER "patients_identification_key" BEFORE INSERT OR UPDATE OF "identification" ON "patients"
  FOR EACH ROW EXECUTE FUNCTION registry_patients_identification_key();
