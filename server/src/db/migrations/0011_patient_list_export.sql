-- The rest of an export's patient row in the patient list's read model (docs/decisions/014): the
-- demography's ECOG and APP, the first diagnostic's other fields, the cause of death, how many samples
-- and treatments, the treatments' schemes, each lab-report entry's content by name and the entries of
-- other names. The CSV and the XLSX's Patients sheet read a batch of patients from here alone.
-- registry_refresh_patient_list, redefined here, fills them in the transaction of every write.
ALTER TABLE "patient_list" ADD COLUMN "ecog" smallint;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "app" text;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "dx_secondary_description" text;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "organs_failures" text;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "consent_date" date;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "death_cause" text;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "sample_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "treatment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "schemes" text;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "report_contents" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_list" ADD COLUMN "other_reports" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION registry_refresh_patient_list(ids uuid[]) RETURNS void
  LANGUAGE sql VOLATILE
AS $$
  INSERT INTO patient_list AS l (
    patient_id, institution_id, doctor_id, identification, search_text, report_text, code_op, created_at, risk_level,
    death_date, last_contact_date, last_known_alive, gender, birth_date, age_at_diagnosis,
    has_diagnostic, dx_date, dx_sub_type, dx_secondary, relapse, relapse_date, consent, patient_fit,
    dx_risk_level, first_scheme, first_response, has_cytogenetics, has_molecular, has_ngs,
    ecog, app, dx_secondary_description, organs_failures, consent_date, death_cause, sample_count,
    treatment_count, schemes, report_contents, other_reports)
  SELECT
    p.id, p.institution_id, p.doctor_id, p.identification, registry_search_text(p.identification),
    -- The contents of the lab reports a doctor sees (every entry but the admins' NGS OP), in the file's
    -- order, one per line, for the free-text search.
    registry_search_text(coalesce((SELECT string_agg(r.content, E'\n' ORDER BY array_position(
        ARRAY['Immunophenotype', 'Cytogenetics', 'Molecular Studies', 'NGS', 'Medulograma']::text[], r.name
      ) NULLS LAST, r.created_at, r.id)
      FROM lab_reports r WHERE r.patient_id = p.id AND r.name <> 'NGS OP' AND nullif(btrim(r.content), '') IS NOT NULL), '')),
    p.code_op,
    p.created_at, p.risk_level, p.death_date, p.last_contact_date,
    (SELECT max(known.day) FROM (
        SELECT p.last_contact_date
        UNION ALL SELECT s.sample_date FROM samples s WHERE s.patient_id = p.id
        UNION ALL SELECT unnest(ARRAY[x.dx_date, x.relapse_date, x.consent_date]) FROM diagnostics x WHERE x.patient_id = p.id
        UNION ALL SELECT unnest(ARRAY[t.start_date, t.medulogram_date, t.emr_date]) FROM treatments t WHERE t.patient_id = p.id
        -- OFFSET 0 keeps the drugs read through their index, per treatment, even with no statistics
        -- (a fresh import): flattened into a join, the planner may scan every drug once per patient.
        UNION ALL SELECT gd.day FROM treatments gt CROSS JOIN LATERAL (
            SELECT unnest(ARRAY[g.start_application_date, g.last_aplication_date]) AS day
            FROM drugs g WHERE g.treatment_id = gt.id OFFSET 0
          ) gd WHERE gt.patient_id = p.id
        UNION ALL SELECT r.date FROM lab_reports r WHERE r.patient_id = p.id
      ) AS known(day)
      WHERE p.death_date IS NULL OR known.day <= p.death_date),
    dm.gender, dm.birth_date,
    CASE
      WHEN dm.birth_date IS NULL OR fd.dx_date IS NULL THEN NULL
      ELSE nullif(greatest(-1,
        extract(year FROM fd.dx_date)::int - left(dm.birth_date, 4)::int
        - CASE WHEN length(dm.birth_date) = 10 AND to_char(fd.dx_date, 'MM-DD') < right(dm.birth_date, 5) THEN 1 ELSE 0 END
      ), -1)
    END,
    fd.id IS NOT NULL, fd.dx_date, fd.dx_sub_type, fd.dx_secondary, fd.relapse, fd.relapse_date, fd.consent,
    fd.patient_fit, fd.risk_level, ft.scheme, ft.disease_assessment,
    -- Scalar subqueries, not EXISTS: an EXISTS may be planned as one scan of every lab report.
    coalesce((SELECT true FROM lab_reports r WHERE r.patient_id = p.id AND r.name = 'Cytogenetics'
      AND (nullif(btrim(r.content), '') IS NOT NULL OR r.file_id IS NOT NULL)), false),
    coalesce((SELECT true FROM lab_reports r WHERE r.patient_id = p.id AND r.name = 'Molecular Studies'
      AND (nullif(btrim(r.content), '') IS NOT NULL OR r.file_id IS NOT NULL)), false),
    coalesce((SELECT true FROM lab_reports r WHERE r.patient_id = p.id AND r.name = 'NGS'
      AND (nullif(btrim(r.content), '') IS NOT NULL OR r.file_id IS NOT NULL)), false),
    dm.ecog, dm.app, fd.dx_secondary_description, fd.organs_failures, fd.consent_date, p.death_cause,
    (SELECT count(*)::int FROM samples s WHERE s.patient_id = p.id),
    tr.n, tr.schemes, lr.contents, lr.others
  FROM patients p
  LEFT JOIN demographies dm ON dm.patient_id = p.id
  LEFT JOIN LATERAL (
    SELECT x.* FROM diagnostics x WHERE x.patient_id = p.id ORDER BY x.created_at, x.id LIMIT 1
  ) fd ON true
  LEFT JOIN LATERAL (
    SELECT t.scheme, t.disease_assessment FROM treatments t WHERE t.patient_id = p.id AND t."order" = 1 LIMIT 1
  ) ft ON true
  -- The export's treatments (how many, and their schemes in order) and lab reports (each content by
  -- its name, and the entries of other names than the form's, oldest first).
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n, nullif(string_agg(coalesce(t.scheme, ''), ' | ' ORDER BY t."order"), '') AS schemes
    FROM treatments t WHERE t.patient_id = p.id
  ) tr
  CROSS JOIN LATERAL (
    SELECT coalesce(jsonb_object_agg(r.name, r.content), '{}'::jsonb) AS contents,
      string_agg(r.name || ': ' || coalesce(r.content, ''), ' | ' ORDER BY r.created_at, r.id) FILTER (
        WHERE r.name <> ALL (ARRAY['Immunophenotype', 'Cytogenetics', 'Molecular Studies', 'NGS', 'Medulograma', 'NGS OP']::text[])
      ) AS others
    FROM lab_reports r WHERE r.patient_id = p.id
  ) lr
  WHERE p.id = ANY (ids)
  ON CONFLICT (patient_id) DO UPDATE SET
    institution_id = excluded.institution_id, doctor_id = excluded.doctor_id,
    identification = excluded.identification, search_text = excluded.search_text,
    report_text = excluded.report_text, code_op = excluded.code_op,
    created_at = excluded.created_at, risk_level = excluded.risk_level, death_date = excluded.death_date,
    last_contact_date = excluded.last_contact_date, last_known_alive = excluded.last_known_alive,
    gender = excluded.gender, birth_date = excluded.birth_date, age_at_diagnosis = excluded.age_at_diagnosis,
    has_diagnostic = excluded.has_diagnostic, dx_date = excluded.dx_date, dx_sub_type = excluded.dx_sub_type,
    dx_secondary = excluded.dx_secondary, relapse = excluded.relapse, relapse_date = excluded.relapse_date,
    consent = excluded.consent, patient_fit = excluded.patient_fit, dx_risk_level = excluded.dx_risk_level,
    first_scheme = excluded.first_scheme, first_response = excluded.first_response,
    has_cytogenetics = excluded.has_cytogenetics, has_molecular = excluded.has_molecular,
    has_ngs = excluded.has_ngs, ecog = excluded.ecog, app = excluded.app,
    dx_secondary_description = excluded.dx_secondary_description, organs_failures = excluded.organs_failures,
    consent_date = excluded.consent_date, death_cause = excluded.death_cause,
    sample_count = excluded.sample_count, treatment_count = excluded.treatment_count, schemes = excluded.schemes,
    report_contents = excluded.report_contents, other_reports = excluded.other_reports;
$$;
--> statement-breakpoint
SELECT registry_refresh_patient_list(ARRAY(SELECT id FROM patients));
