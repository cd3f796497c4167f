import {
  type CreateAdminInput,
  type CreateDoctorInput,
  type CreateUserFormInput,
  dataOf,
  type User,
  userSchema,
} from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usersListKey } from './get-users.ts';

/** The 'new user' form sends one of two calls: `POST /users` for an admin, `POST /doctors` for a doctor. */
export async function createUser(values: CreateUserFormInput): Promise<User> {
  const user: CreateAdminInput = {
    nickname: values.nickname,
    email: values.email,
    password: values.password,
  };
  if (values.isAdmin) {
    return (await api('/users', dataOf(userSchema), { method: 'POST', body: user })).data;
  }
  const doctor: CreateDoctorInput = {
    user,
    institutionId: values.institutionId,
    first_name: values.first_name,
    last_name: values.last_name,
    gender: values.gender,
  };
  return (await api('/doctors', dataOf(userSchema), { method: 'POST', body: doctor })).data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersListKey }),
  });
}
