import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { keepTokenWithUser } from './keep-token.ts';
import { meQueryOptions } from './me.ts';

/**
 * Starts the session a sign-in answered: stores the token and loads the user into the cache before
 * resolving; without the user, the token is forgotten again.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    async (token: string) => {
      await keepTokenWithUser(token, () => queryClient.fetchQuery(meQueryOptions()));
    },
    [queryClient],
  );
}
