import { z } from 'zod';
import { INSTITUTION_TYPES } from './enums.ts';
import { pageQuerySchema } from './http.ts';
import { requiredText, searchText } from './text.ts';

/** An institution as the list shows it (docs/product-rules.md#patient-list). */
export const institutionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  type: z.enum(INSTITUTION_TYPES),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  doctorsQty: z.number().int(),
  patientsQty: z.number().int(),
});
export type Institution = z.infer<typeof institutionSchema>;

export const INSTITUTION_ORDER_BY = [
  'name',
  'code',
  'type',
  'createdAt',
  'doctorsQty',
  'patientsQty',
  'isActive',
] as const;

export const institutionListQuerySchema = pageQuerySchema.extend({
  filter: searchText(200).optional(),
  orderBy: z.enum(INSTITUTION_ORDER_BY).optional(),
});
export type InstitutionListQuery = z.infer<typeof institutionListQuerySchema>;
export type InstitutionOrderBy = (typeof INSTITUTION_ORDER_BY)[number];

/** The '+ new institution' form and `POST /api/institutions` (docs/product-rules.md#validation). */
export const createInstitutionSchema = z.strictObject({
  name: requiredText(200),
  type: z.enum(INSTITUTION_TYPES, { error: 'validation.required' }),
  code: requiredText(50),
});
export type CreateInstitutionInput = z.infer<typeof createInstitutionSchema>;

/**
 * `PATCH /api/institutions/{id}` and the 'edit institution' form: any non-empty subset of the status, name, code
 * and type, each validated as on creation.
 */
export const updateInstitutionSchema = createInstitutionSchema
  .partial()
  .extend({ isActive: z.boolean().optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'validation.required',
  });
export type UpdateInstitutionInput = z.infer<typeof updateInstitutionSchema>;

/** `GET /api/institutions/codes`: every institution's code and name, for the admins' filters. */
export const institutionCodeSchema = z.object({ code: z.string(), name: z.string() });
export type InstitutionCode = z.infer<typeof institutionCodeSchema>;
