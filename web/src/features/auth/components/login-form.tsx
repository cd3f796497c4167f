import type { MfaStep } from '@registry/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { EnrolmentStep } from './enrolment-step.tsx';
import { PasswordStep } from './password-step.tsx';
import { SecondStep } from './second-step.tsx';

/**
 * The sign-in (docs/product-rules.md#accounts): email and password, then — for a user with a second
 * factor — a code, or — for an admin who must have one — setting it up.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mfa, setMfa] = useState<MfaStep | null>(null);
  const [email, setEmail] = useState('');

  const signedIn = () => void navigate('/', { replace: true });
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
    return <SecondStep challenge={mfa.challenge} onSignedIn={signedIn} onRefused={refused} onBack={back} />;
  }
  if (mfa?.step === 'enrol') {
    return (
      <EnrolmentStep challenge={mfa.challenge} onSignedIn={signedIn} onRefused={refused} onBack={back} />
    );
  }
  return (
    <PasswordStep
      email={email}
      onSignedIn={signedIn}
      onSecondStep={(step, typed) => {
        setEmail(typed);
        setMfa(step);
      }}
    />
  );
}
