import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tokenStore } from '../../../lib/storage.ts';
import { meQueryOptions } from './me.ts';

/**
 * Starts the session a sign-in answered: stores the token and loads the user before resolving; without
 * the user, the token is forgotten again.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    async (token: string) => {
      tokenStore.set(token);
      try {
        await queryClient.fetchQuery(meQueryOptions());
      } catch (error) {
        tokenStore.clear();
        throw error;
      }
    },
    [queryClient],
  );
}
