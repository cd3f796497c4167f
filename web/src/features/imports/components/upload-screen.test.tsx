import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import { UPLOADED } from './test-imports.ts';
import { UploadScreen } from './upload-screen.tsx';

const csv = (name = 'pacientes.csv', size = 120) => new File(['x'.repeat(size)], name, { type: 'text/csv' });

/** The file input behind the picker's button. */
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('UploadScreen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the chosen file and opens the new import at its mapping', async () => {
    const api = stubRoutes({ 'POST /api/imports': () => answer(201, { data: UPLOADED }) });
    const { router } = renderScreen(<UploadScreen />, { path: '/imports/new', user: TEST_DOCTOR_USER });
    expect(screen.getByRole('list', { name: 'Pasos de la importación' })).toBeInTheDocument();
    await userEvent.upload(fileInput(), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Subir y leer' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/imports/${UPLOADED.id}`));
    const body = api.to('POST /api/imports')[0]?.body as FormData;
    expect((body.get('file') as File).name).toBe('pacientes.csv');
  });

  it('takes a file dropped on the zone', async () => {
    stubRoutes({ 'POST /api/imports': () => answer(201, { data: UPLOADED }) });
    renderScreen(<UploadScreen />, { path: '/imports/new', user: TEST_DOCTOR_USER });
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [csv('dropped.xlsx')] } });
    expect(await screen.findByText('dropped.xlsx')).toBeInTheDocument();
  });

  it('refuses before sending a file too large or that is no spreadsheet by its name', async () => {
    const api = stubRoutes({});
    renderScreen(<UploadScreen />, { path: '/imports/new', user: TEST_DOCTOR_USER });
    const big = csv('grande.csv');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await userEvent.upload(fileInput(), big);
    expect(
      await screen.findByText('El archivo pesa más de 20 MB: divídalo en partes más pequeñas.'),
    ).toBeInTheDocument();
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [csv('macro.xlsm')] } });
    expect(await screen.findByText('El archivo no es una planilla CSV o XLSX.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subir y leer' }));
    expect(api.writes()).toHaveLength(0);
  });

  it("shows the server's refusal in its own words (a macro workbook)", async () => {
    await i18n.changeLanguage('en');
    stubRoutes({
      'POST /api/imports': () =>
        refusal(415, 'FILE_TYPE_REFUSED', 'The file is a workbook with macros: save it as a plain XLSX.'),
    });
    renderScreen(<UploadScreen />, { path: '/imports/new', user: TEST_DOCTOR_USER });
    await userEvent.upload(fileInput(), csv('book.xlsx'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload and read' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The file could not be read');
    expect(alert).toHaveTextContent('The file is a workbook with macros: save it as a plain XLSX.');
  });

  it('names a refusal the server did not word by its status', async () => {
    stubRoutes({ 'POST /api/imports': () => new Response('too large', { status: 413 }) });
    renderScreen(<UploadScreen />, { path: '/imports/new', user: TEST_DOCTOR_USER });
    await userEvent.upload(fileInput(), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Subir y leer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo pesa más de 20 MB');
  });

  it('asks for a file when none is chosen', async () => {
    renderScreen(<UploadScreen />, { path: '/imports/new', user: TEST_DOCTOR_USER });
    await userEvent.click(screen.getByRole('button', { name: 'Subir y leer' }));
    expect(await screen.findByText('Elija primero un archivo.')).toBeInTheDocument();
  });
});
