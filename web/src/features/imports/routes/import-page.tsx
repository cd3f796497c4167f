import { useParams } from 'react-router';
import { ImportScreen } from '../components/import-screen.tsx';

/** /imports/:importId: one import, through its steps. */
export function Component() {
  const { importId = '' } = useParams();
  return <ImportScreen key={importId} importId={importId} />;
}
