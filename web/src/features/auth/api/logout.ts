import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { clearSessionStorage } from '../../../lib/storage.ts';

/**
 * Ends the session on the server, then forgets everything the browser kept for it
 * (docs/product-rules.md#accounts).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Signing out must work even when the server cannot be reached or the token already died.
      await api('/users/logout', z.unknown(), { method: 'POST' }).catch(() => undefined);
    },
    onSettled: () => {
      clearSessionStorage();
      queryClient.clear();
    },
  });
}
