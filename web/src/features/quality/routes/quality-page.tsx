import { CoordinatorScreen } from '../components/coordinator-screen.tsx';

/** /quality: the coordinator's view (admins; docs/product-rules.md#data-quality). */
export function Component() {
  return <CoordinatorScreen />;
}
