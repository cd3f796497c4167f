import { describe, expect, it } from 'vitest';
import { recordVariables } from './codebook.ts';
import { diagnosticSchema } from './diagnostics.ts';
import { labReportSchema } from './lab-reports.ts';
import { EXPORT_TEXTS } from './locales/exports.ts';
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

describe('the records’ fields and their codebook (CONTRACT §15)', () => {
  it.each(Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[])(
    'declares every field of the %s schema, in its order',
    (record) => {
      const { schema, own } = SCHEMAS[record];
      const fields = Object.keys(schema.shape).filter((key) => !(own as readonly string[]).includes(key));
      expect(Object.keys(RECORD_FIELDS[record])).toEqual(fields);
    },
  );

  it('names each variable in ASCII lower snake case, once within its table', () => {
    const variables = recordVariables('en');
    for (const variable of variables) {
      expect(variable.name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    }
    const names = variables.map((variable) => `${variable.table}.${variable.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it('labels every variable and every code in both languages', () => {
    for (const language of ['es', 'en'] as const) {
      for (const variable of recordVariables(language)) {
        expect(variable.label, variable.name).toMatch(/\S/);
        expect(variable.values === null, variable.name).toBe(variable.type !== 'code');
        for (const value of variable.values ?? []) {
          expect(value.label, `${variable.name}.${value.code}`).toMatch(/\S/);
        }
      }
    }
  });

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

  it('describes a diagnostic’s genetics by a table of their own, not as one variable', () => {
    expect(isPlainField(RECORD_FIELDS.diagnostic.genetics)).toBe(false);
    expect(recordVariables('es').some((variable) => variable.name === 'genetics')).toBe(false);
  });
});
