import { describe, expect, it } from 'vitest';
import {
  CODEBOOK_DECLARATIONS,
  codebookDeclaration,
  codebookVariable,
  codebookVariables,
  codeLabels,
  deidentificationOf,
  recordVariables,
} from './codebook.ts';
import { CODEBOOK_TABLES, codebookSchema } from './codebook-schema.ts';
import {
  COURSE_VARIABLES,
  DEMOGRAPHY_VARIABLES,
  GENETICS_VARIABLES,
  MARKER_VARIABLES,
  PATIENT_VARIABLES,
} from './codebook-variables.ts';
import { courseSchema, TRANSPLANT_TYPES } from './course.ts';
import { diagnosticSchema } from './diagnostics.ts';
import {
  COMPLETE_REMISSIONS,
  DIAGNOSES,
  FITNESS,
  INSTITUTION_TYPES,
  MRD_METHODS,
  MRD_STATUSES,
  RESPONSES,
  RISKS,
  SAMPLE_TYPES,
  SEXES,
  STAGES,
  TREATMENT_SCHEMES,
} from './enums.ts';
import { ELN2022_CATEGORIES, geneticsSchema } from './genetics/genetics-schema.ts';
import { GENE_MUTATIONS, GENETIC_MARKERS, KARYOTYPE_RESULTS, MARKER_RESULTS } from './genetics/markers.ts';
import { labReportSchema } from './lab-reports.ts';
import { EXPORT_TEXTS } from './locales/exports.ts';
import { LANGUAGES } from './locales/index.ts';
import { patientSchema } from './patients.ts';
import { isPlainField, RECORD_FIELDS } from './record-fields.ts';
import { sampleSchema } from './samples.ts';
import { drugSchema, treatmentSchema } from './treatments.ts';

/** Each record's schema, and the keys of it that are the record's own rather than fields. */
const SCHEMAS = {
  sample: { schema: sampleSchema, own: ['id', 'file'] },
  diagnostic: { schema: diagnosticSchema, own: ['id'] },
  treatment: { schema: treatmentSchema, own: ['id', 'drugs'] },
  drug: { schema: drugSchema, own: ['id'] },
  labReport: { schema: labReportSchema, own: ['id', 'file'] },
} as const;

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

describe('the records’ fields and their codebook (CONTRACT §15)', () => {
  it.each(Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[])(
    'declares every field of the %s schema, in its order',
    (record) => {
      const { schema, own } = SCHEMAS[record];
      const fields = Object.keys(schema.shape).filter((key) => !(own as readonly string[]).includes(key));
      expect(Object.keys(RECORD_FIELDS[record])).toEqual(fields);
    },
  );

  it('labels a variable with its export’s header, and a code with its export’s label', () => {
    const variables = recordVariables('en');
    const risk = variables.find((variable) => variable.name === 'dx_risk');
    expect(risk).toMatchObject({
      label: EXPORT_TEXTS.en.headers.dxRiskLevel,
      table: 'patients',
      type: 'code',
    });
    expect(risk?.values).toContainEqual({ code: 'Bajo', label: 'Low' });
    expect(variables.find((variable) => variable.name === 'mrd_blasts')).toMatchObject({
      table: 'responses',
      type: 'number',
      unit: '%',
      identifying: false,
      derived: false,
      derivation: null,
    });
    // Free text may name a person: a de-identified dataset leaves it out.
    expect(variables.find((variable) => variable.name === 'toxicities')?.identifying).toBe(true);
  });

  it('puts every record field in the codebook, under its table', () => {
    for (const fields of Object.values(RECORD_FIELDS)) {
      for (const field of Object.values(fields)) {
        if (isPlainField(field)) {
          expect(codebookDeclaration(field.table, field.name), field.name).toMatchObject({
            type: field.type,
          });
        }
      }
    }
  });

  it('describes a diagnostic’s genetics by variables of their own, not as one variable', () => {
    expect(isPlainField(RECORD_FIELDS.diagnostic.genetics)).toBe(false);
    expect(codebookVariables('es').some((variable) => variable.name === 'genetics')).toBe(false);
    expect(codebookVariable('patients', 'karyotype_result', 'es')?.type).toBe('code');
  });
});

describe('the codebook (CONTRACT §15)', () => {
  it('declares every field of the patient document, its demography, its course and the genetics', () => {
    const demography = patientSchema.shape.demography.unwrap();
    expect(Object.keys(PATIENT_VARIABLES).sort()).toEqual(Object.keys(patientSchema.shape).sort());
    expect(Object.keys(DEMOGRAPHY_VARIABLES).sort()).toEqual(Object.keys(demography.shape).sort());
    expect(Object.keys(COURSE_VARIABLES).sort()).toEqual(Object.keys(courseSchema.shape).sort());
    expect(Object.keys(GENETICS_VARIABLES).sort()).toEqual(Object.keys(geneticsSchema.shape).sort());
  });

  it('answers the contract’s shape in both languages, every variable of every declaration once', () => {
    for (const language of LANGUAGES) {
      const variables = codebookVariables(language);
      expect(codebookSchema.parse({ variables }).variables).toEqual(variables);
      expect(variables).toHaveLength(CODEBOOK_DECLARATIONS.length);
    }
    const tables = new Set(CODEBOOK_DECLARATIONS.map((variable) => variable.table));
    expect([...tables]).toEqual([...CODEBOOK_TABLES]);
  });

  it('names each variable in ASCII lower snake case, once within its table', () => {
    for (const table of CODEBOOK_TABLES) {
      const names = CODEBOOK_DECLARATIONS.filter((variable) => variable.table === table).map(
        (variable) => variable.name,
      );
      for (const name of names) {
        expect(name).toMatch(SNAKE_CASE);
      }
      expect(new Set(names).size, table).toBe(names.length);
    }
  });

  it('leads every table with the pseudonymous patient id, and the long tables of a treatment with its order', () => {
    for (const table of CODEBOOK_TABLES) {
      const [first] = CODEBOOK_DECLARATIONS.filter((variable) => variable.table === table);
      expect(first?.name, table).toBe('pid');
    }
    for (const table of ['drugs', 'responses'] as const) {
      expect(codebookDeclaration(table, 'treatment_order')?.type).toBe('integer');
    }
  });

  it('labels every variable, every code and every derivation in both languages, each in its own words', () => {
    for (const language of LANGUAGES) {
      for (const variable of codebookVariables(language)) {
        expect(variable.label, variable.name).toMatch(/\S/);
        expect(variable.values === null, variable.name).toBe(variable.type !== 'code');
        expect(variable.derivation === null, variable.name).toBe(!variable.derived);
        if (variable.derivation !== null) {
          expect(variable.derivation, variable.name).toMatch(/CONTRACT §\d+/);
        }
        for (const value of variable.values ?? []) {
          expect(value.label, `${variable.name}.${value.code}`).toMatch(/\S/);
        }
      }
    }
    const label = (name: string, language: 'es' | 'en') =>
      codebookVariable('patients', name, language)?.label;
    for (const name of ['age_dx', 'os_days', 'relapse_event', 'npm1', 'complex_karyotype', 'sex']) {
      expect(label(name, 'es'), name).not.toBe(label(name, 'en'));
    }
  });

  it('labels every code of the codebook’s own sets, and counts each as the contract does', () => {
    expect(codeLabels('patients', 'relapse_event', 'en')).toEqual([
      { code: '0', label: 'Censored' },
      { code: '1', label: 'Relapse' },
      { code: '2', label: 'Death without relapse' },
    ]);
    for (const name of ['os_event', 'efs_event', 'rfs_cr_event', 'nrm_event']) {
      expect(codeLabels('patients', name, 'es')?.map((value) => value.code)).toEqual(['0', '1']);
    }
    for (const name of ['os', 'efs', 'rfs_cr', 'relapse', 'nrm']) {
      expect(codebookVariable('patients', `${name}_days`, 'en')).toMatchObject({
        type: 'integer',
        unit: 'days',
        derived: true,
      });
    }
    expect(codebookVariable('patients', 'os_days', 'es')?.unit).toBe('días');
    expect(codebookVariable('patients', 'age_dx', 'es')?.unit).toBe('años');
    expect(codebookVariable('patients', 'wbc_dx', 'es')?.unit).toBe('10^9/L');
    expect(codeLabels('patients', 'os_days', 'en')).toBeNull();
    expect(codeLabels('patients', 'no_such_variable', 'en')).toBeNull();
    expect(codebookVariable('markers', 'npm1', 'en')).toBeUndefined();
  });

  it('gives a code variable the codes of its enumeration', () => {
    const enumerations: Record<string, readonly string[]> = {
      'patients.sex': SEXES,
      'patients.institution_type': INSTITUTION_TYPES,
      'patients.risk_level': RISKS,
      'patients.dx_risk': RISKS,
      'patients.dx_secondary': STAGES,
      'patients.dx_subtype': DIAGNOSES,
      'patients.fitness': FITNESS,
      'patients.eln2022': ELN2022_CATEGORIES,
      'patients.eln2024': ELN2022_CATEGORIES,
      'patients.karyotype_result': KARYOTYPE_RESULTS,
      'patients.first_cr_category': COMPLETE_REMISSIONS,
      'patients.transplant_type': TRANSPLANT_TYPES,
      'patients.npm1': MARKER_RESULTS,
      'treatments.scheme': TREATMENT_SCHEMES,
      'responses.category': RESPONSES,
      'responses.mrd_status': MRD_STATUSES,
      'responses.mrd_method': MRD_METHODS,
      'markers.marker': GENETIC_MARKERS,
      'markers.result': MARKER_RESULTS,
      'samples.type': SAMPLE_TYPES,
    };
    for (const [key, codes] of Object.entries(enumerations)) {
      const [table, name] = key.split('.') as [(typeof CODEBOOK_TABLES)[number], string];
      expect(
        codeLabels(table, name, 'en')?.map((value) => value.code),
        key,
      ).toEqual([...codes]);
    }
    // Every code variable of the codebook is one of those above, or a marker's or an endpoint's event.
    const others = CODEBOOK_DECLARATIONS.filter(
      (variable) =>
        variable.type === 'code' &&
        !(`${variable.table}.${variable.name}` in enumerations) &&
        !(variable.table === 'patients' && variable.name.endsWith('_event')) &&
        !(variable.table === 'markers' && variable.name === 'source'),
    );
    for (const variable of others) {
      expect(variable.values, variable.name).toEqual(MARKER_RESULTS);
    }
  });

  it('describes each marker twice: a column of the patients table as entered, and the long table as ELN reads it', () => {
    for (const code of GENETIC_MARKERS) {
      const name = MARKER_VARIABLES[code];
      expect(codebookDeclaration('patients', name), code).toMatchObject({
        type: 'code',
        label: { marker: code },
      });
      expect(codebookDeclaration('patients', `${name}_vaf`) !== undefined, code).toBe(
        (GENE_MUTATIONS as readonly string[]).includes(code),
      );
    }
    expect(
      CODEBOOK_DECLARATIONS.filter((variable) => variable.table === 'markers').map(
        (variable) => variable.name,
      ),
    ).toEqual(['pid', 'marker', 'result', 'vaf', 'source']);
    expect(codebookVariable('patients', 'npm1', 'en')?.label).toBe('NPM1 mutation');
    expect(codebookVariable('patients', 'pml_rara', 'es')?.label).toBe('PML::RARA');
    expect(codebookVariable('patients', 'flt3_itd_vaf', 'en')).toMatchObject({
      label: 'FLT3-ITD VAF (%)',
      unit: '%',
    });
    expect(codebookVariable('markers', 'source', 'en')?.values?.map((value) => value.code)).toEqual([
      'entered',
      'karyotype',
      'normalKaryotype',
      'definition',
    ]);
  });

  it('marks what a de-identified dataset drops, what it transforms and what it keeps', () => {
    const treatment = (table: (typeof CODEBOOK_TABLES)[number], name: string) => {
      const variable = codebookDeclaration(table, name);
      expect(variable, name).toBeDefined();
      return variable ? deidentificationOf(variable) : undefined;
    };
    for (const name of [
      'patient_id',
      'identification',
      'code_op',
      'institution',
      'institution_code',
      'doctor',
      'birth_date',
      'medical_history',
      'death_cause',
      'karyotype',
      'organ_failures',
    ]) {
      expect(treatment('patients', name), name).toBe('drop');
      expect(codebookVariable('patients', name, 'en')?.identifying, name).toBe(true);
    }
    expect(treatment('treatments', 'toxicities')).toBe('drop');
    expect(treatment('lab_reports', 'content')).toBe('drop');
    for (const name of ['dx_date', 'death_date', 'last_contact_date', 'first_cr_date', 'registration_date']) {
      expect(treatment('patients', name), name).toBe('date');
    }
    expect(treatment('drugs', 'start_date')).toBe('date');
    expect(treatment('patients', 'age_dx')).toBe('age');
    for (const name of ['pid', 'centre', 'sex', 'dx_year', 'os_days', 'eln2022', 'institution_type']) {
      expect(treatment('patients', name), name).toBe('keep');
      expect(codebookVariable('patients', name, 'en')?.identifying, name).toBe(false);
    }
    // No identifying variable is derived: the dataset's own keys replace the identifying ones.
    expect(CODEBOOK_DECLARATIONS.filter((variable) => variable.identifying && variable.derivation)).toEqual(
      [],
    );
  });

  it('marks the free choices stored as `Other: …`', () => {
    expect(codebookDeclaration('patients', 'dx_subtype')?.other).toBe(true);
    expect(codebookDeclaration('treatments', 'scheme')?.other).toBe(true);
    expect(codebookDeclaration('patients', 'sex')?.other).toBeUndefined();
  });
});
