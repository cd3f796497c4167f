import { z } from 'zod';
import { courseSchema } from './course.ts';
import { diagnosticSchema } from './diagnostics.ts';
import { DIAGNOSES, INSTITUTION_TYPES, RISKS, SEXES, STAGES } from './enums.ts';
import { MISSING_FIELDS } from './field-checks.ts';
import { followUpMonthsSchema } from './follow-up.ts';
import { eln2024Schema, elnSchema } from './genetics/eln-schema.ts';
import { ELN2022_CATEGORIES } from './genetics/genetics-schema.ts';
import { pageQuerySchema } from './http.ts';
import { labReportSchema } from './lab-reports.ts';
import {
  dateSchema,
  isCalendarDate,
  isDateOrYear,
  nullableChoice,
  nullableDateSchema,
} from './patients-rules.ts';
import { PENDING_QUERY_STATUSES } from './quality/queries.ts';
import { QUALITY_FILTERS, qualityFindingSchema } from './quality/rules.ts';
import { sampleSchema } from './samples.ts';
import { nullableText, requiredText, searchText, storableString } from './text.ts';
import { treatmentSchema } from './treatments.ts';

/** The largest code OP the database holds (a PostgreSQL integer). */
export const MAX_CODE_OP = 2_147_483_647;

const ecogSchema = z
  .number({ error: 'validation.ecogRange' })
  .int('validation.ecogRange')
  .min(0, 'validation.ecogRange')
  .max(5, 'validation.ecogRange')
  .nullable()
  .optional();

const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** A biobank birth date: a calendar day, a bare year `yyyy`, or nothing (docs/product-rules.md#records). */
const birthDateOrYearSchema = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'validation.birthDateOrYear' })
    .refine(isDateOrYear, { error: 'validation.birthDateOrYear' })
    .nullable(),
);

/** On the wire any short text: which form it must have depends on the institution (below). */
const wireBirthDateSchema = z.preprocess(
  emptyToNull,
  storableString('validation.chooseDate').max(10, 'validation.chooseDate').nullable(),
);

const demographyFields = {
  birthDate: wireBirthDateSchema.optional(),
  gender: z.enum(SEXES, { error: 'validation.chooseOption' }),
  ecog: ecogSchema,
  app: nullableText(5000).optional(),
};

/**
 * The demography as the wire carries it. Whether birthDate is required depends on the patient's
 * institution: see `demographyFormSchema`, which the server applies too.
 */
export const demographySchema = z.strictObject(demographyFields);
export type DemographyInput = z.infer<typeof demographySchema>;

/**
 * The demography step of the wizard (docs/product-rules.md#validation): birthDate is a required date ('must choose a date'),
 * except in a biobank, where it is optional and may be a bare year.
 */
export const demographyFormSchema = (biobank: boolean) =>
  demographySchema.extend({ birthDate: biobank ? birthDateOrYearSchema.optional() : dateSchema });

/** `POST /api/patients`: the demography step creates the patient. */
export const createPatientSchema = z.strictObject({
  identification: requiredText(100),
  demography: demographySchema,
});
export type CreatePatientInput = z.infer<typeof createPatientSchema>;

/** The death modal (docs/product-rules.md#validation): deathDate required, deathCause optional. */
export const deathFormSchema = z.strictObject({
  deathDate: dateSchema,
  deathCause: nullableText(5000).optional(),
});
export type DeathFormInput = z.infer<typeof deathFormSchema>;

/** The admin's code OP input: a positive whole number, or null to remove it. */
export const codeOPSchema = z
  .number({ error: 'validation.positiveInteger' })
  .int('validation.positiveInteger')
  .positive('validation.positiveInteger')
  .max(MAX_CODE_OP, 'validation.positiveInteger')
  .nullable();

/**
 * The code OP as the admin types it: digits only — a sign, a decimal, a letter or a space inside is
 * refused with the message, never dropped — or nothing, which removes the code.
 */
export const codeOPTextSchema = z
  .string()
  .trim()
  .transform((text, context) => {
    if (text === '') {
      return null;
    }
    if (!/^[0-9]+$/.test(text)) {
      context.addIssue({ code: 'custom', message: 'validation.positiveInteger' });
      return z.NEVER;
    }
    return Number(text);
  })
  .pipe(codeOPSchema);

/**
 * `PATCH /api/patients/{id}`: only the changed fields. Admins may send codeOP alone; doctors anything
 * but codeOP. deathDate null removes a death recorded by mistake; lastContactDate records follow-up.
 */
export const updatePatientSchema = z.strictObject({
  identification: requiredText(100).optional(),
  demography: demographySchema.partial().optional(),
  riskLevel: nullableChoice(RISKS),
  codeOP: codeOPSchema.optional(),
  deathDate: nullableDateSchema,
  deathCause: nullableText(5000).optional(),
  /** The last date the patient was known to be alive (a follow-up visit); doctors only. */
  lastContactDate: nullableDateSchema,
});
export type UpdatePatientInput = z.infer<typeof updatePatientSchema>;

export const PATIENT_ORDER_BY = ['codeOP', 'createdAt'] as const;
export type PatientOrderBy = (typeof PATIENT_ORDER_BY)[number];

/** The Code OP filter of the list: patients without a code, or with one. */
export const CODE_OP_FILTERS = ['missing', 'present'] as const;

/** The page sizes the patient list offers (the API itself takes any size up to MAX_PAGE_SIZE). */
export const PATIENT_PAGE_SIZES = [10, 25, 50, 100] as const;
export type PatientPageSize = (typeof PATIENT_PAGE_SIZES)[number];

/** A page size the list offers, from a stored or typed value. */
export const patientPageSizeSchema = z.coerce
  .number()
  .refine((size): size is PatientPageSize => (PATIENT_PAGE_SIZES as readonly number[]).includes(size), {
    error: 'validation.chooseOption',
  });

/** A filter left empty, or set to 'all', filters nothing. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), schema.optional());

/** The two days of a relapse-date range as the `obito` filter writes it (`from,to`), or nulls. */
export function relapseRangeOf(obito: string | undefined): [from: string | null, to: string | null] {
  const [from = null, to = null] = obito ? obito.split(',') : [];
  return [from, to];
}

/** The `obito` filter of a relapse-date range. */
export const relapseRangeText = (from: string, to: string): string => `${from},${to}`;

const obitoSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2}$/, 'validation.chooseDate')
  .refine((value) => relapseRangeOf(value).every((day) => day !== null && isCalendarDate(day)), {
    error: 'validation.chooseDate',
  });

/** The filters of the patient list and exports (docs/product-rules.md#patient-list). */
export const patientFilterFields = {
  institutionCode: optionalFilter(searchText(100).pipe(z.string().min(1))),
  subtype: optionalFilter(z.enum(DIAGNOSES, { error: 'validation.chooseOption' })),
  dx: optionalFilter(z.enum(STAGES, { error: 'validation.chooseOption' })),
  relapse: optionalFilter(z.enum(['true', 'false'], { error: 'validation.chooseOption' })),
  /** Admins only: `missing` keeps the patients without a Code OP, `present` those with one. */
  codeOP: optionalFilter(z.enum(CODE_OP_FILTERS, { error: 'validation.chooseOption' })),
  /** Relapse-date range `yyyy-MM-dd,yyyy-MM-dd`, both ends inclusive. */
  obito: optionalFilter(obitoSchema),
  /** The ELN 2022 genetic risk of the first diagnostic (CONTRACT §10). */
  eln: optionalFilter(z.enum(ELN2022_CATEGORIES, { error: 'validation.chooseOption' })),
  /** The ELN 2024 genetic risk for less-intensive therapy (CONTRACT §10b). */
  eln2024: optionalFilter(z.enum(ELN2022_CATEGORIES, { error: 'validation.chooseOption' })),
  /** Data quality (CONTRACT §13): has an error; has a warning but no error; has neither. */
  quality: optionalFilter(z.enum(QUALITY_FILTERS, { error: 'validation.chooseOption' })),
  /** Admins only: the patients of one doctor (the coordinator's view links each doctor's figures here). */
  doctorId: optionalFilter(z.uuid({ error: 'validation.invalid' })),
  /**
   * The living patients with no news for more than this many months (CONTRACT §9): the follow-ups due,
   * as the home page, the notifications and the coordinator's view count them.
   */
  followUpDue: optionalFilter(followUpMonthsSchema),
  /** The patients with a query in this state (`open`: waiting on the doctor; `answered`: on an admin). */
  query: optionalFilter(z.enum(PENDING_QUERY_STATUSES, { error: 'validation.chooseOption' })),
  /** The patients without this field (an ELN input: the AML patients without it). */
  missing: optionalFilter(z.enum(MISSING_FIELDS, { error: 'validation.chooseOption' })),
  /**
   * Identification, institution name or the contents of the lab reports a doctor sees (case- and
   * accent-insensitive), or codeOP as `123` / `AL-OP#123`.
   */
  text: optionalFilter(searchText(200)),
};

/** Filters on admin-only fields: a doctor's list (and outcomes) answers 400 when one is sent. */
export const ADMIN_ONLY_FILTERS = [
  'codeOP',
  'doctorId',
] as const satisfies readonly (keyof typeof patientFilterFields)[];

/** The admin-only filters a query sets. */
export function adminOnlyFiltersOf(filters: Partial<Record<string, unknown>>): string[] {
  return ADMIN_ONLY_FILTERS.filter((key) => filters[key] !== undefined);
}

/** `GET /api/patients/list` (and the exports, which ignore page and size). */
export const patientListQuerySchema = pageQuerySchema.extend({
  orderBy: optionalFilter(z.enum(PATIENT_ORDER_BY, { error: 'validation.chooseOption' })),
  ...patientFilterFields,
});
export type PatientListQuery = z.infer<typeof patientListQuerySchema>;
export type PatientFilters = Pick<PatientListQuery, keyof typeof patientFilterFields>;

/**
 * An export's query: the list's, and `codes=raw` for the machine format (field names, stored codes, ISO
 * dates) instead of the caller's language (docs/product-rules.md#exports).
 */
export const EXPORT_CODES = ['labels', 'raw'] as const;
export const exportQuerySchema = patientListQuerySchema.extend({
  codes: optionalFilter(z.enum(EXPORT_CODES, { error: 'validation.chooseOption' })),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** A row of the patient list (docs/product-rules.md#patient-list); fields marked admin-only are absent for doctors. */
export const patientRowSchema = z.object({
  id: z.uuid(),
  identification: z.string(),
  /** Admins only. */
  codeOP: z.number().int().nullable().optional(),
  ngs: z.string().nullable(),
  /** Admins only. */
  ngsOp: z.string().nullable().optional(),
  molecular: z.string().nullable(),
  deathDate: z.string().nullable(),
  /** When the patient was registered. */
  createdAt: z.iso.datetime(),
  institution: z.object({ name: z.string(), code: z.string() }),
  /** The first diagnostic, or nothing. */
  diagnostics: z.array(
    z.object({
      dxSubType: z.string().nullable(),
      dxSecondary: z.enum(STAGES).nullable(),
      relapse: z.boolean(),
    }),
  ),
  /** The ELN 2022 genetic risk of the first diagnostic (CONTRACT §10). */
  eln2022: z.enum(ELN2022_CATEGORIES),
  /** The ELN 2024 genetic risk for less-intensive therapy (CONTRACT §10b). */
  eln2024: z.enum(ELN2022_CATEGORIES),
  /** How many data-quality errors and warnings the patient has (CONTRACT §13). */
  qualityErrors: z.number().int(),
  qualityWarnings: z.number().int(),
});
export type PatientRow = z.infer<typeof patientRowSchema>;

/** `GET /api/patients/{id}`: the patient with every nested record (docs/product-rules.md#records). */
export const patientSchema = z.object({
  id: z.uuid(),
  identification: z.string(),
  /** Admins only. */
  codeOP: z.number().int().nullable().optional(),
  /** Send it back as `If-Match: "<version>"` with the next write. */
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  institution: z.object({
    id: z.uuid(),
    name: z.string(),
    code: z.string(),
    type: z.enum(INSTITUTION_TYPES),
  }),
  doctor: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() }),
  demography: z
    .object({
      birthDate: z.string().nullable(),
      gender: z.enum(SEXES),
      ecog: z.number().int().nullable(),
      app: z.string().nullable(),
      /** Whole years from birth to the first dxDate (else today); null when unknown. */
      age: z.number().int().nullable(),
      createdAt: z.iso.datetime(),
    })
    .nullable(),
  samples: z.array(sampleSchema),
  diagnostics: z.array(diagnosticSchema),
  treatments: z.array(treatmentSchema),
  /** The NGS OP entry is in the list for admins only. */
  reports: z.array(labReportSchema),
  /** The ELN 2022 genetic risk of the first diagnostic, its reasons and what would decide it (CONTRACT §10). */
  eln2022: elnSchema,
  /** The ELN 2024 genetic risk for less-intensive therapy, beside ELN 2022 (CONTRACT §10b). */
  eln2024: eln2024Schema,
  /** The first remission, MRD negativity in it, induction failure and the transplant (CONTRACT §11). */
  course: courseSchema,
  riskLevel: z.enum(RISKS).nullable(),
  deathDate: z.string().nullable(),
  deathCause: z.string().nullable(),
  /** The last date the patient was known to be alive, from a follow-up visit. */
  lastContactDate: z.string().nullable(),
  /** The data-quality rules that fire for the patient, the message in the caller's language (CONTRACT §13). */
  quality: z.array(qualityFindingSchema),
});
export type Patient = z.infer<typeof patientSchema>;

/** The follow-up modal: the date of the visit, required, not in the future. */
export const followUpFormSchema = z.strictObject({ lastContactDate: dateSchema });
export type FollowUpFormInput = z.infer<typeof followUpFormSchema>;
