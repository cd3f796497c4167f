import { type ReactElement, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';

interface LeaveGuard {
  /** The question asked before leaving a step with unsaved changes. */
  readonly dialog: ReactElement;
  /** Lets the next navigation through: the step has just saved and moves on. */
  readonly release: () => void;
}

/**
 * Nothing typed is lost: leaving a step with unsaved changes (another step, the menu, back) asks first,
 * and closing or reloading the tab gets the browser's own question.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const { t } = useTranslation();
  const armed = useRef(dirty);
  armed.current = dirty;
  const released = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      armed.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) {
      return undefined;
    }
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('wizard.leave.title')}
      message={t('wizard.leave.message')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return {
    dialog,
    release: () => {
      released.current = true;
    },
  };
}
