import { CodebookScreen } from '../components/codebook-screen.tsx';

/** /codebook: every variable of the registry, for every signed-in user (CONTRACT §15). */
export function Component() {
  return <CodebookScreen />;
}
