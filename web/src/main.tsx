// The styles of every Mantine package the app uses, first, so that the app's own styles come after them
// and win where both set the same property (docs/decisions/016-first-load-budget.md).
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { createRoot } from 'react-dom/client';
import { opensOnSignIn, renderSignIn, renderStartFailure } from './app/sign-in-app.tsx';
import { loadFirstTexts } from './lib/i18n.ts';
import { tokenStore } from './lib/storage.ts';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element');
}
const root = createRoot(container);

// The texts of the language in use come first (a failure leaves the keys; the screens still work).
const texts = loadFirstTexts().catch(() => undefined);

// A signed-out visitor gets the light sign-in page; anyone else the app, fetched beside the texts
// (docs/decisions/016-first-load-budget.md).
if (opensOnSignIn(window.location.pathname, tokenStore.get())) {
  void texts.then(() => renderSignIn(root));
} else {
  Promise.all([import('./app/app.tsx'), texts]).then(
    ([app]) => app.renderApp(root),
    (error: unknown) => renderStartFailure(root, error),
  );
}
