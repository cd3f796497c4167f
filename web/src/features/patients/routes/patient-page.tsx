import { useParams } from 'react-router';
import { PatientFileScreen } from '../components/file/patient-file-screen.tsx';

/** /patient/{patientId}: the patient file (docs/product-rules.md#screens). */
export function Component() {
  const { patientId } = useParams();
  return <PatientFileScreen patientId={patientId} />;
}
