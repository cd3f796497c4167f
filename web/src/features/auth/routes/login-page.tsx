import { LoginForm } from '../components/login-form.tsx';

export function Component() {
  return <LoginForm />;
}
