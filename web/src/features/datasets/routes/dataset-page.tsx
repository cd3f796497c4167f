import { useParams } from 'react-router';
import { DatasetDetail } from '../components/dataset-detail.tsx';

/** /datasets/{id} (admins): one dataset, its build, its download and its request. */
export function DatasetPage() {
  const { datasetId = '' } = useParams();
  // A new address is a new dataset: nothing of the last one stays on screen.
  return <DatasetDetail key={datasetId} id={datasetId} />;
}
