import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { loadFirstTexts } from './lib/i18n.ts';

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}
const app = root;
// The texts of the language in use come first (a failure leaves the keys; the screens still work).
void loadFirstTexts()
  .catch(() => undefined)
  .then(() =>
    createRoot(app).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
