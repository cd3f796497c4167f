import { dataOf, type UpdateUserInput, type User, userSchema } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usersListKey } from './get-users.ts';

/**
 * Changes a user's status, nickname or (a doctor's) names, gender and institution; the server refuses an
 * admin's deactivation of their own account (CANNOT_DEACTIVATE_SELF).
 */
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
