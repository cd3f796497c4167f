import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';

export function Component() {
  return <ForgotPasswordForm />;
}
