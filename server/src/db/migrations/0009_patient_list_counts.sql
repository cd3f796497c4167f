-- How many patients share each combination of the list's equality filters (doctor, institution, the first
-- diagnostic's subtype, secondary dx and relapse, whether a Code OP is set), kept by statement-level
-- triggers on patient_list in the transaction that changes its rows (docs/decisions/014): a count
-- without a free-text or date filter then sums a few hundred rows instead of tens of thousands of index
-- entries. registry_rebuild_patient_list_counts recomputes the table (this migration, a restore).
CREATE TABLE "patient_list_counts" (
	"doctor_id" uuid NOT NULL,
	"institution_id" uuid NOT NULL,
	"dx_sub_type" text,
	"dx_secondary" text,
	"relapse" boolean,
	"code_op" smallint,
	"patients" integer NOT NULL,
	CONSTRAINT "patient_list_counts_key" UNIQUE NULLS NOT DISTINCT("doctor_id","institution_id","dx_sub_type","dx_secondary","relapse","code_op")
);
--> statement-breakpoint
CREATE INDEX "patient_list_counts_empty_idx" ON "patient_list_counts" USING btree ("patients") WHERE "patient_list_counts"."patients" = 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registry_patient_list_counts_change() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  -- The rows a statement added count one, the rows it removed minus one (an UPDATE both); the rows
  -- whose key did not change cancel out and write nothing. One order for every writer, so that two
  -- statements lock shared keys in the same order. Static statements, so that their plans are kept.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_list_counts AS c (doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, code_op, patients)
    SELECT d, i, s, x, r, o, sum(n)::int
    FROM (SELECT doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, (CASE WHEN code_op IS NULL THEN NULL ELSE 1 END)::smallint, 1 FROM new_rows) AS change(d, i, s, x, r, o, n)
    GROUP BY d, i, s, x, r, o HAVING sum(n) <> 0
    ORDER BY d, i, s, x, r, o
    ON CONFLICT ON CONSTRAINT patient_list_counts_key DO UPDATE SET patients = c.patients + excluded.patients;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_list_counts AS c (doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, code_op, patients)
    SELECT d, i, s, x, r, o, sum(n)::int
    FROM (SELECT doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, (CASE WHEN code_op IS NULL THEN NULL ELSE 1 END)::smallint, -1 FROM old_rows) AS change(d, i, s, x, r, o, n)
    GROUP BY d, i, s, x, r, o HAVING sum(n) <> 0
    ORDER BY d, i, s, x, r, o
    ON CONFLICT ON CONSTRAINT patient_list_counts_key DO UPDATE SET patients = c.patients + excluded.patients;
  ELSE
    INSERT INTO patient_list_counts AS c (doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, code_op, patients)
    SELECT d, i, s, x, r, o, sum(n)::int
    FROM (SELECT doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, (CASE WHEN code_op IS NULL THEN NULL ELSE 1 END)::smallint, 1 FROM new_rows UNION ALL SELECT doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, (CASE WHEN code_op IS NULL THEN NULL ELSE 1 END)::smallint, -1 FROM old_rows) AS change(d, i, s, x, r, o, n)
    GROUP BY d, i, s, x, r, o HAVING sum(n) <> 0
    ORDER BY d, i, s, x, r, o
    ON CONFLICT ON CONSTRAINT patient_list_counts_key DO UPDATE SET patients = c.patients + excluded.patients;
  END IF;
  DELETE FROM patient_list_counts WHERE patients = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registry_patient_list_counts_truncate() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM patient_list_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER patient_list_counts_insert AFTER INSERT ON patient_list
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION registry_patient_list_counts_change();
--> statement-breakpoint
CREATE TRIGGER patient_list_counts_update AFTER UPDATE ON patient_list
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION registry_patient_list_counts_change();
--> statement-breakpoint
CREATE TRIGGER patient_list_counts_delete AFTER DELETE ON patient_list
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION registry_patient_list_counts_change();
--> statement-breakpoint
CREATE TRIGGER patient_list_counts_truncate AFTER TRUNCATE ON patient_list
  FOR EACH STATEMENT EXECUTE FUNCTION registry_patient_list_counts_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registry_rebuild_patient_list_counts() RETURNS void
  LANGUAGE sql VOLATILE
AS $$
  DELETE FROM patient_list_counts;
  INSERT INTO patient_list_counts (doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, code_op, patients)
  SELECT doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, (CASE WHEN code_op IS NULL THEN NULL ELSE 1 END)::smallint, count(*)::int
  FROM patient_list
  GROUP BY 1, 2, 3, 4, 5, 6;
$$;
--> statement-breakpoint
SELECT registry_rebuild_patient_list_counts();
