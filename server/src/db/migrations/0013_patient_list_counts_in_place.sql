-- The counts of the patient list (migration 0009) updated in place. Every write to the list's rows
-- changes `patients`, and the index on it (to find the emptied combinations) kept PostgreSQL from
-- updating a row in place: each change left a dead row behind, and at 100,000 patients the table's
-- 2,245 rows took 217 pages where they fit in 25, which the admin's unfiltered count reads whole. Now
-- the emptied combinations are found among the changed doctor's own, through the table's key; the
-- table is stored half full, so that a row's new version finds room on its page; and it is rebuilt
-- compact.
DROP INDEX "patient_list_counts_empty_idx";
--> statement-breakpoint
ALTER TABLE "patient_list_counts" SET (fillfactor = 50);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registry_patient_list_counts_change() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  changed integer := 0;
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
    -- An insert only adds: it empties no combination.
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_list_counts AS c (doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, code_op, patients)
    SELECT d, i, s, x, r, o, sum(n)::int
    FROM (SELECT doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, (CASE WHEN code_op IS NULL THEN NULL ELSE 1 END)::smallint, -1 FROM old_rows) AS change(d, i, s, x, r, o, n)
    GROUP BY d, i, s, x, r, o HAVING sum(n) <> 0
    ORDER BY d, i, s, x, r, o
    ON CONFLICT ON CONSTRAINT patient_list_counts_key DO UPDATE SET patients = c.patients + excluded.patients;
    GET DIAGNOSTICS changed = ROW_COUNT;
  ELSE
    INSERT INTO patient_list_counts AS c (doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, code_op, patients)
    SELECT d, i, s, x, r, o, sum(n)::int
    FROM (SELECT doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, (CASE WHEN code_op IS NULL THEN NULL ELSE 1 END)::smallint, 1 FROM new_rows UNION ALL SELECT doctor_id, institution_id, dx_sub_type, dx_secondary, relapse, (CASE WHEN code_op IS NULL THEN NULL ELSE 1 END)::smallint, -1 FROM old_rows) AS change(d, i, s, x, r, o, n)
    GROUP BY d, i, s, x, r, o HAVING sum(n) <> 0
    ORDER BY d, i, s, x, r, o
    ON CONFLICT ON CONSTRAINT patient_list_counts_key DO UPDATE SET patients = c.patients + excluded.patients;
    GET DIAGNOSTICS changed = ROW_COUNT;
  END IF;
  -- A combination can only empty where rows left it: among the combinations of the doctors of the
  -- removed rows, found through the key that starts with the doctor. Most writes change no key and
  -- skip this.
  IF changed > 0 THEN
    DELETE FROM patient_list_counts c
    USING (SELECT DISTINCT doctor_id FROM old_rows) AS o
    WHERE c.doctor_id = o.doctor_id AND c.patients = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
TRUNCATE patient_list_counts;
--> statement-breakpoint
SELECT registry_rebuild_patient_list_counts();
