import type { User } from '@registry/shared';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { meQueryKey } from '../lib/session.ts';
import { createQueryClient, Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/**
 * Starts the app in `root` at the browser's address. A user who has just signed in on the light sign-in
 * page (sign-in-app.tsx) is known already: the app does not ask for them again.
 */
export function renderApp(root: Root, user?: User): void {
  const queryClient = createQueryClient();
  if (user) {
    queryClient.setQueryData(meQueryKey, user);
  }
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
