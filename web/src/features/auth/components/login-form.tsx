import type { MfaStep } from '@registry/shared';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { loadTexts } from '../../../lib/i18n.ts';
import { clearNotifications, notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { signIn } from '../api/login.ts';
import { useStartSession } from '../api/start-session.ts';
import { clearSignInHandoff, signInHandoff } from '../handoff.ts';
import { redirectTarget } from '../redirect.ts';
import { PasswordStep } from './password-step.tsx';

// Only users with a second factor see these steps: they are fetched when needed, with their texts.
const SecondStep = lazy(() =>
  Promise.all([import('./second-step.tsx'), loadTexts(['shell'])]).then(([m]) => ({ default: m.SecondStep })),
);
const EnrolmentStep = lazy(() =>
  Promise.all([import('./enrolment-step.tsx'), loadTexts(['shell'])]).then(([m]) => ({
    default: m.EnrolmentStep,
  })),
);

/**
 * The sign-in (docs/product-rules.md#accounts): email and password, then — for a user with a second
 * factor — a code, or — for an admin who must have one — setting it up.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const startSession = useStartSession();
  // A sign-in begun on the light sign-in page continues here at its second step (handoff.ts).
  const [mfa, setMfa] = useState<MfaStep | null>(() => signInHandoff()?.step ?? null);
  const [email, setEmail] = useState(() => signInHandoff()?.email ?? '');
  useEffect(() => clearSignInHandoff(), []);

  // A sign-in that got on makes the failures shown before stale: their toasts close. The user goes back to
  // where the sign-in was asked for (redirect.ts).
  const signedIn = () => {
    clearNotifications();
    void navigate(redirectTarget(search), { replace: true });
  };
  const back = () => setMfa(null);
  const refused = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.code === 'MFA_CHALLENGE_EXPIRED') {
        // The five minutes of the second step are over: the password must be typed again.
        notify('error', t('notify.errorTitle'), t('errors.MFA_CHALLENGE_EXPIRED'));
        setMfa(null);
        return;
      }
      notify('error', t('notify.errorTitle'), serverMessage(error, t('notify.default')));
    },
    [t],
  );

  if (mfa?.step === 'verify') {
    return (
      <Suspense fallback={<PageLoader />}>
        <SecondStep challenge={mfa.challenge} onSignedIn={signedIn} onRefused={refused} onBack={back} />
      </Suspense>
    );
  }
  if (mfa?.step === 'enrol') {
    return (
      <Suspense fallback={<PageLoader />}>
        <EnrolmentStep challenge={mfa.challenge} onSignedIn={signedIn} onRefused={refused} onBack={back} />
      </Suspense>
    );
  }
  return (
    <PasswordStep
      email={email}
      signIn={(input) => signIn(input, startSession)}
      onSignedIn={signedIn}
      onSecondStep={(step, typed) => {
        clearNotifications();
        setEmail(typed);
        setMfa(step);
      }}
    />
  );
}
