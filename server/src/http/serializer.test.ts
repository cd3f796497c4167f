import { pageOf, patientRowSchema, patientSchema } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compilableSchema, createSerializerCompiler, writtenNatively } from './serializer.ts';

const compile = (schema: z.ZodType, check = false) =>
  createSerializerCompiler({ check })({ schema, method: 'GET', url: '/api/test' });

const row = {
  id: '65e5bf6b-d851-4e68-81ec-605c26845318',
  identification: 'Ana "la" Pérez\n',
  codeOP: 4711,
  ngs: null,
  ngsOp: 'FLT3',
  molecular: 'NPM1 \u2028',
  deathDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  institution: { name: 'Hospital', code: 'H1' },
  diagnostics: [{ dxSubType: 'AML M3', dxSecondary: null, relapse: false }],
  eln2022: 'not_applicable' as const,
  eln2024: 'not_applicable' as const,
  qualityErrors: 1,
  qualityWarnings: 0,
};

describe('the compiled serialiser of answers', () => {
  it('compiles the list and the patient file, and writes what zod writes', () => {
    expect(compilableSchema(pageOf(patientRowSchema))).not.toBeNull();
    expect(compilableSchema(patientSchema)).not.toBeNull();
    const page = {
      data: [row, { ...row, codeOP: undefined, ngsOp: undefined, diagnostics: [] }],
      currentPage: 0,
      totalPages: 1,
      totalItems: 2,
    };
    const written = compile(pageOf(patientRowSchema))(page);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(z.encode(pageOf(patientRowSchema), page))));
    expect(JSON.parse(written).data[1]).not.toHaveProperty('codeOP');
  });

  it('writes a schema marked so with JSON.stringify, and checks it against zod as the others', () => {
    const schema = writtenNatively(
      z.object({ steps: z.array(z.object({ time: z.number(), lower: z.number().nullable() })) }),
    );
    const answer = {
      steps: [
        { time: 1, lower: 0.1 + 0.2 },
        { time: 2, lower: null },
      ],
    };
    expect(compile(schema)(answer)).toBe(JSON.stringify(answer));
    expect(compile(schema, true)(answer)).toBe(JSON.stringify(answer));
    // The check still refuses a field the schema does not name.
    const leaky = { steps: [{ time: 1, lower: null, patient: 'Ana' }] };
    expect(() => compile(schema, true)(leaky)).toThrow(/differs from zod/);
  });

  it('never writes a field the schema does not name, at any depth', () => {
    const leaky = {
      data: [
        {
          ...row,
          passwordHash: 'x',
          institution: { ...row.institution, secret: 1 },
          diagnostics: [{ ...row.diagnostics[0], notes: 'free text' }],
        },
      ],
      currentPage: 0,
      totalPages: 1,
      totalItems: 1,
      debug: true,
    };
    const written = compile(pageOf(patientRowSchema))(leaky);
    for (const field of ['passwordHash', 'secret', 'notes', 'debug', 'free text']) {
      expect(written).not.toContain(field);
    }
  });

  it('writes an object or null where the schema allows null', () => {
    const schema = z.object({ doctor: z.object({ name: z.string() }).nullable(), at: z.string().nullable() });
    expect(compilableSchema(schema)).not.toBeNull();
    const write = compile(schema, true);
    expect(JSON.parse(write({ doctor: null, at: null }))).toEqual({ doctor: null, at: null });
    expect(JSON.parse(write({ doctor: { name: 'A', extra: 1 }, at: 'x' }))).toEqual({
      doctor: { name: 'A' },
      at: 'x',
    });
  });

  it("writes a value of one of several scalar types as it is: a group's key, a text, a year or null", () => {
    const schema = z.object({ key: z.union([z.string(), z.number()]).nullable() });
    expect(compilableSchema(schema)).not.toBeNull();
    const write = compile(schema, true);
    for (const key of ['AML', '2020', 2020, 1.5, null]) {
      expect(JSON.parse(write({ key, extra: 1 }))).toEqual({ key });
    }
    expect(() => write({ key: { nested: true } })).toThrow();
  });

  it('leaves to zod what it cannot follow exactly: unions, transformations, defaults, recursion', () => {
    const objects = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    expect(compilableSchema(z.object({ a: objects }))).toBeNull();
    expect(
      compilableSchema(
        z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })]),
      ),
    ).toBeNull();
    expect(compilableSchema(z.object({ a: z.string().transform((value) => value.length) }))).toBeNull();
    expect(compilableSchema(z.object({ a: z.string().default('x') }))).toBeNull();
    const tree: z.ZodType = z.object({
      name: z.string(),
      get children() {
        return z.array(tree);
      },
    });
    expect(compilableSchema(tree)).toBeNull();
    // Still answered, through zod, and still stripped.
    const write = compile(z.object({ a: objects }));
    expect(JSON.parse(write({ a: { b: 1, c: 2 }, d: 3 }))).toEqual({ a: { b: 1 } });
  });

  it('in checking mode, fails an answer the two would write differently', () => {
    const write = compile(pageOf(patientRowSchema), true);
    expect(() =>
      write({ data: [{ ...row, codeOP: '12' }], currentPage: 0, totalPages: 1, totalItems: 1 }),
    ).toThrow();
    expect(() =>
      write({ data: [{ ...row, relapse: 1 }], currentPage: 0, totalPages: 1, totalItems: 1 }),
    ).not.toThrow();
  });
});
