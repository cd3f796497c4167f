import { ResetPasswordForm } from '../components/reset-password-form.tsx';

export function Component() {
  return <ResetPasswordForm />;
}
