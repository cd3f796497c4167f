import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { drafts } from '../../../lib/drafts.ts';
import { clearSessionStorage } from '../../../lib/storage.ts';

/**
 * Ends the session on the server, then forgets everything the browser kept for it
 * (docs/product-rules.md#accounts), the drafts of unsaved forms with it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Signing out must work even when the server cannot be reached or the token already died.
      // A 401 here is no session to recover: the user is leaving anyway.
      await api('/users/logout', z.unknown(), { method: 'POST', recover: false }).catch(() => undefined);
    },
    onSettled: () => {
      clearSessionStorage();
      drafts.clearAll();
      queryClient.clear();
    },
  });
}
