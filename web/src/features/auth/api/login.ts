import { type LoginInput, loginResponseSchema } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { meQueryOptions } from './me.ts';

export async function login(input: LoginInput): Promise<string> {
  const answer = await api('/users/login', loginResponseSchema, { method: 'POST', body: input });
  return answer.data.response.token.accessToken;
}

/** Signs in, stores the token and loads the user before resolving. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const token = await login(input);
      tokenStore.set(token);
      try {
        await queryClient.fetchQuery(meQueryOptions());
      } catch (error) {
        tokenStore.clear();
        throw error;
      }
    },
  });
}
