import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { SESSION_IDLE_MS, SESSION_LAST_SEEN_PRECISION_MS, type User } from '@registry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { recoverSession, sessionActivity, setSessionRecovery } from '../../../lib/session-recovery.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { meQueryOptions } from '../api/me.ts';

/** The sign-in typed again, fetched when a session ends, not with the shell. */
const ReauthForm = lazy(() => import('./reauth-form.tsx').then((module) => ({ default: module.ReauthForm })));

/** How long before the idle limit the warning shows. */
export const IDLE_WARNING_MS = 5 * 60 * 1000;

/**
 * The moment the server may end the session for idleness: its last use is written at most once a minute,
 * so the limit is counted from a minute before the last answer this tab had.
 */
export function idleDeadline(lastActivity: number): number {
  return lastActivity + SESSION_IDLE_MS - SESSION_LAST_SEEN_PRECISION_MS;
}

/** 4:05, the time left before the session ends. */
function clock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

interface SessionKeeperProps {
  readonly user: User;
  /** Signs out, as the menu does. */
  readonly onSignOut: () => void;
}

/**
 * Nothing typed is lost at the end of a session (docs/product-rules.md#sessions). Before the idle limit,
 * a warning offers to stay signed in (one request moves the limit on). When the session has ended — idle,
 * or under a save — the password (and the second factor, if the account has one) is asked for in place,
 * over the screen and what it holds; the request that met the end is then sent again (lib/api-client.ts).
 */
export function SessionKeeper({ user, onSignOut }: SessionKeeperProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const last = useSyncExternalStore(sessionActivity.subscribe, sessionActivity.last);
  const [now, setNow] = useState(() => Date.now());
  const [asking, setAsking] = useState<((signedIn: boolean) => void) | null>(null);
  const [staying, setStaying] = useState(false);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(
    () =>
      setSessionRecovery(
        () =>
          new Promise<boolean>((resolve) => {
            setAsking(() => resolve);
          }),
      ),
    [],
  );

  const left = idleDeadline(last) - now;
  const over = left <= 0;
  // The limit has passed with nothing sent: the session is asked for again at once, not at the next save.
  useEffect(() => {
    if (over && tokenStore.get()) {
      void recoverSession();
    }
  }, [over]);

  const stay = async () => {
    setStaying(true);
    try {
      await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    } catch (error) {
      notify('error', t('notify.errorTitle'), serverMessage(error, t('notify.default')));
    } finally {
      setStaying(false);
    }
  };

  const answer = (signedIn: boolean) => {
    asking?.(signedIn);
    setAsking(null);
    if (signedIn) {
      setNow(Date.now());
    } else {
      onSignOut();
    }
  };

  return (
    <>
      <Modal
        opened={!asking && !over && left <= IDLE_WARNING_MS}
        onClose={() => void stay()}
        title={t('session.idle.title')}
        // Its two buttons say what each does; Escape, like "Stay signed in", keeps the session.
        withCloseButton={false}
        centered
      >
        <Stack gap="md">
          <Text role="timer" aria-live="off">
            {t('session.idle.message', { time: clock(left) })}
          </Text>
          <Text size="sm" c="gray.7">
            {t('session.idle.kept')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onSignOut}>
              {t('session.signOut')}
            </Button>
            <Button onClick={() => void stay()} loading={staying} data-autofocus>
              {t('session.idle.stay')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={asking !== null}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        title={t('session.reauth.title')}
        centered
      >
        {asking && (
          <Suspense fallback={null}>
            <ReauthForm email={user.email} onSignedIn={() => answer(true)} onSignOut={() => answer(false)} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
