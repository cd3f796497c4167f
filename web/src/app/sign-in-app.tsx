import { Button, Loader, MantineProvider, Stack, Text, Title } from '@mantine/core';
import type { User } from '@registry/shared';
import { lazy, type ReactNode, StrictMode, Suspense, useSyncExternalStore } from 'react';
import type { Root } from 'react-dom/client';
import { keepTokenWithUser } from '../features/auth/api/keep-token.ts';
import { signIn } from '../features/auth/api/login.ts';
import { AuthLinkProvider } from '../features/auth/components/auth-link.tsx';
import { PasswordStep } from '../features/auth/components/password-step.tsx';
import { clearSignInHandoff, handOffSignIn } from '../features/auth/handoff.ts';
import { redirectTarget, signInPath } from '../features/auth/redirect.ts';
import { i18n } from '../lib/i18n.ts';
import { isChunkLoadError, reloadOnceForNewVersion } from '../lib/new-version.ts';
import { clearNotifications, notify, toastsWanted } from '../lib/notify.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The light sign-in page (docs/decisions/016-first-load-budget.md). A signed-out visitor is shown the
 * sign-in form with only what it needs: React, Mantine's inputs and the texts, without the router, the
 * query cache or any other screen. The app itself is fetched while the form is being filled in, and takes
 * over once the user is signed in, at a second step, or when a link of the form is followed.
 */

/**
 * The toasts' container is not needed before the first toast: it is fetched with it, not with the page
 * (docs/decisions/016-first-load-budget.md).
 */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** The app, fetched when the form is first used and started when it takes over. */
type AppModule = Pick<typeof import('./app.tsx'), 'renderApp'>;
const loadTheApp = (): Promise<AppModule> => import('./app.tsx');

/** The password-recovery screens are the app's; any other address of a signed-out visitor is sign-in. */
const RECOVERY = /^\/auth\/(forgot|reset)-password\/?$/;

/** Whether the page opens on the light sign-in page: nobody is signed in, and it is not password recovery. */
export function opensOnSignIn(pathname: string, token: string | null): boolean {
  return token === null && !RECOVERY.test(pathname);
}

/**
 * Shows the sign-in page in `root`, at /auth/login, as the app would; the address asked for is kept as
 * `?redirect=`, and the user is taken there once signed in (features/auth/redirect.ts).
 */
export function renderSignIn(root: Root, loadApp: () => Promise<AppModule> = loadTheApp): void {
  const { pathname, search, hash } = window.location;
  const signInAt = pathname === '/auth/login' ? `/auth/login${search}` : signInPath(pathname + search + hash);
  if (pathname + search + hash !== signInAt) {
    window.history.replaceState(null, '', signInAt);
  }
  const returnTo = redirectTarget(new URL(signInAt, window.location.origin).search);
  let user: User | undefined;

  // As the app does (features/auth/api/start-session.ts), the user kept for the app's cache.
  const startSession = async (token: string) => {
    user = await keepTokenWithUser(token, async () =>
      (await import('../features/auth/api/get-me.ts')).getMe(),
    );
  };

  const form = (
    <LightProviders>
      <AuthLinkProvider value={(to) => void startApp(to, 'push')}>
        <PublicLayout>
          <PasswordStep
            email=""
            signIn={(input) => signIn(input, startSession)}
            onFirstUse={() => void loadApp().catch(() => undefined)}
            onSignedIn={() => {
              clearNotifications();
              return startApp(returnTo, 'replace');
            }}
            onSecondStep={(step, email) => {
              clearNotifications();
              handOffSignIn({ step, email });
              return startApp(signInAt, 'replace');
            }}
          />
        </PublicLayout>
      </AuthLinkProvider>
    </LightProviders>
  );
  // While a followed link waits for the app, the page says it is loading (the form is left behind).
  const loading = (
    <LightProviders>
      <Stack mih="100vh" justify="center" align="center" role="status" aria-label={i18n.t('app.loading')}>
        <Loader />
      </Stack>
    </LightProviders>
  );

  // One hand-over at a time: a second click while the app is on its way changes nothing.
  let starting: Promise<void> | null = null;
  const startApp = (path: string, how: 'push' | 'replace'): Promise<void> => {
    starting ??= (async () => {
      if (how === 'push') {
        root.render(loading);
      }
      try {
        const app = await loadApp();
        if (how === 'push') {
          window.history.pushState(null, '', path);
        } else {
          window.history.replaceState(null, '', path);
        }
        app.renderApp(root, user);
      } catch (error) {
        // A second step that could not be handed over is not taken up later by the app.
        clearSignInHandoff();
        root.render(form);
        // After an upgrade the old build's files are gone: the page is loaded again, once (new-version.ts).
        if (!(isChunkLoadError(error) && reloadOnceForNewVersion())) {
          notify('error', i18n.t('notify.errorTitle'), i18n.t('notify.default'));
        }
      } finally {
        starting = null;
      }
    })();
    return starting;
  };

  root.render(form);
}

/**
 * The app's look and its toasts, without the app's router and query cache. The texts need no provider:
 * the components find the app's i18next instance as the default one (lib/i18n.ts).
 */
function LightProviders({ children }: { readonly children: ReactNode }) {
  const withToasts = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get);
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {withToasts && (
          <Suspense fallback={null}>
            <Notifications position="top-right" autoClose={5000} />
          </Suspense>
        )}
        {children}
      </MantineProvider>
    </StrictMode>
  );
}

/**
 * The app could not be fetched (the network, or an upgrade whose reload did not help): said in the user's
 * language, with a reload, rather than a blank page.
 */
export function renderStartFailure(root: Root, error: unknown): void {
  const newVersion = isChunkLoadError(error);
  if (newVersion && reloadOnceForNewVersion()) {
    return;
  }
  root.render(
    <LightProviders>
      <Stack mih="100vh" p="md" justify="center" align="center">
        <Stack maw={480} gap="lg" component="main">
          <Title order={1} size="h2">
            {i18n.t('errorScreen.title')}
          </Title>
          <Text>{i18n.t(newVersion ? 'errorScreen.newVersion' : 'errorScreen.unexpected')}</Text>
          <Button onClick={() => window.location.reload()} style={{ alignSelf: 'flex-start' }}>
            {i18n.t('errorScreen.reload')}
          </Button>
        </Stack>
      </Stack>
    </LightProviders>,
  );
}
