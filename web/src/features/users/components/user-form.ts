import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateUserFormInput, createUserFormSchema, type Sex } from '@registry/shared';
import type { Resolver } from 'react-hook-form';

/** The 'new user' form's fields: flat, so that the doctor's fields exist before the choice is made. */
export interface UserFormValues {
  isAdmin: boolean | undefined;
  email: string;
  nickname: string;
  password: string;
  first_name: string;
  last_name: string;
  gender: Sex | null;
  institutionId: string | null;
}

export const USER_FORM_FIELDS = [
  'isAdmin',
  'email',
  'nickname',
  'password',
  'first_name',
  'last_name',
  'gender',
  'institutionId',
] as const satisfies readonly (keyof UserFormValues)[];

export const emptyUserForm: UserFormValues = {
  isAdmin: undefined,
  email: '',
  nickname: '',
  password: '',
  first_name: '',
  last_name: '',
  gender: null,
  institutionId: null,
};

const schemaResolver = zodResolver(createUserFormSchema) as unknown as Resolver<
  UserFormValues,
  unknown,
  CreateUserFormInput
>;

/**
 * Validates with the shared schema (docs/product-rules.md#validation). Before the admin / doctor choice is
 * made, the schema's union cannot tell which fields apply, so the common fields are checked as for an admin
 * and the choice itself is reported missing.
 */
export const userFormResolver: Resolver<UserFormValues, unknown, CreateUserFormInput> = async (
  values,
  context,
  options,
) => {
  if (values.isAdmin !== undefined) {
    return schemaResolver(values, context, options);
  }
  const common = await schemaResolver({ ...values, isAdmin: true }, context, options);
  return {
    values: {},
    errors: { ...common.errors, isAdmin: { type: 'required', message: 'validation.chooseOption' } },
  };
};
