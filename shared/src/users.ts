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

/** `PATCH /api/users/{id}`: only the status changes. */
export const updateUserSchema = z.strictObject({ isActive: z.boolean() });

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
