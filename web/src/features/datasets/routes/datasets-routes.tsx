import { Navigate, Route, Routes } from 'react-router';
import '../datasets-texts.ts';
import { DatasetPage } from './dataset-page.tsx';
import { DatasetsPage } from './datasets-page.tsx';
import { NewDatasetPage } from './new-dataset-page.tsx';

/**
 * /datasets/* (admins, CONTRACT §15): the list, the request of a new dataset, and one dataset. One lazy
 * route in the app's router, so that the first load carries one entry for the three screens; their texts
 * come with them (datasets-texts.ts).
 */
export function Component() {
  return (
    <Routes>
      <Route index element={<DatasetsPage />} />
      <Route path="new" element={<NewDatasetPage />} />
      <Route path=":datasetId" element={<DatasetPage />} />
      <Route path="*" element={<Navigate to="/datasets" replace />} />
    </Routes>
  );
}
