import { z } from 'zod';
import { emailSchema, strongPasswordSchema } from './auth.ts';
import { SEXES } from './enums.ts';
import { pageQuerySchema } from './http.ts';
import { requiredText, searchText } from './text.ts';

const email = emailSchema;

export const USER_ORDER_BY = [
  'createdAt',
  'email',
  'nickname',
  'isAdmin',
  'isActive',
  'institution',
  'doctor',
] as const;

export const userListQuerySchema = pageQuerySchema.extend({
  filter: searchText(200).optional(),
  orderBy: z.enum(USER_ORDER_BY).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export type UserOrderBy = (typeof USER_ORDER_BY)[number];

/** `POST /api/users`: a new admin. */
export const createAdminSchema = z.strictObject({
  nickname: requiredText(100),
  email,
  password: strongPasswordSchema,
});
export type CreateAdminInput = z.infer<typeof createAdminSchema>;

/** `POST /api/doctors`: a new doctor of an institution. */
export const createDoctorSchema = z.strictObject({
  user: createAdminSchema,
  institutionId: z.uuid({ error: 'validation.chooseOption' }),
  first_name: requiredText(100),
  last_name: requiredText(100),
  gender: z.enum(SEXES, { error: 'validation.chooseOption' }),
});
export type CreateDoctorInput = z.infer<typeof createDoctorSchema>;

/** The 'edit user' form of an admin: only the nickname (the admin flag and the email never change). */
export const editAdminFormSchema = z.strictObject({ nickname: requiredText(100) });

/** The 'edit user' form of a doctor: the nickname and the doctor's data, all required as on creation. */
export const editDoctorFormSchema = editAdminFormSchema.extend({
  first_name: requiredText(100),
  last_name: requiredText(100),
  gender: z.enum(SEXES, { error: 'validation.chooseOption' }),
  institutionId: z.uuid({ error: 'validation.chooseOption' }),
});

/**
 * `PATCH /api/users/{id}`: any non-empty subset of the status and the editable fields, each validated as on
 * creation. The doctor's fields apply to doctors only; `isAdmin` and `email` are not accepted.
 */
export const updateUserSchema = editDoctorFormSchema
  .partial()
  .extend({ isActive: z.boolean().optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'validation.required',
  });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/**
 * The 'new user' form (docs/product-rules.md#validation): an admin needs email, nickname and password; a doctor also needs
 * first and last name, gender and institution. The form sends one of the two calls above.
 */
export const createUserFormSchema = z.discriminatedUnion(
  'isAdmin',
  [
    z.object({
      isAdmin: z.literal(true),
      email,
      nickname: requiredText(100),
      password: strongPasswordSchema,
    }),
    z.object({
      isAdmin: z.literal(false),
      email,
      nickname: requiredText(100),
      password: strongPasswordSchema,
      first_name: requiredText(100),
      last_name: requiredText(100),
      gender: z.enum(SEXES, { error: 'validation.chooseOption' }),
      institutionId: z.uuid({ error: 'validation.chooseOption' }),
    }),
  ],
  { error: 'validation.chooseOption' },
);
export type CreateUserFormInput = z.infer<typeof createUserFormSchema>;
