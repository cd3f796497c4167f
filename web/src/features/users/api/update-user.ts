import { dataOf, type User, type updateUserSchema, userSchema } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { usersListKey } from './get-users.ts';

export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** Activates or deactivates a user; the server refuses an admin's own account (CANNOT_DEACTIVATE_SELF). */
export async function updateUser(id: string, input: UpdateUserInput): Promise<User> {
  return (await api(`/users/${id}`, dataOf(userSchema), { method: 'PATCH', body: input })).data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateUserInput & { readonly id: string }) => updateUser(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersListKey }),
  });
}
