import type { Import } from '@registry/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, pageAnswer, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import { ImportScreen } from './import-screen.tsx';
import {
  APPLIED,
  CHECKED,
  CODEBOOK_EN,
  CODEBOOK_ES,
  IMPORT_ID,
  PATIENT_ID,
  ROWS,
  UPLOADED,
} from './test-imports.ts';

const DOCTORS = [
  {
    id: '00000000-0000-4000-8000-000000000002',
    email: 'ana@hospital.org',
    nickname: 'ana',
    createdAt: '2026-01-01T00:00:00.000Z',
    isAdmin: false,
    isActive: true,
    mfaEnabled: false,
    doctor: {
      id: 'd0000000-0000-4000-8000-000000000009',
      first_name: 'Ana',
      last_name: 'Paz',
      gender: 'female',
      institution: {
        id: '00000000-0000-4000-8000-000000000003',
        name: 'Hospital Italiano',
        type: 'Hospital',
      },
      patientsQty: 2,
    },
  },
];

/** The API of one import: it answers `states` in turn to each read (the last one after that). */
function stubImport(states: Import[], extra: Parameters<typeof stubRoutes>[0] = {}) {
  let read = 0;
  return stubRoutes({
    'GET /api/imports/:id': () => answer(200, { data: states[Math.min(read++, states.length - 1)] }),
    'GET /api/codebook': ({ query }) =>
      answer(200, { data: { variables: query.lang === 'en' ? CODEBOOK_EN : CODEBOOK_ES } }),
    'GET /api/imports/:id/rows': ({ query }) =>
      pageAnswer(query.action ? ROWS.filter((row) => row.action === query.action) : ROWS),
    'GET /api/users/list': () => pageAnswer(DOCTORS),
    ...extra,
  });
}

/**
 * A button by its text: the mapping screen is a large tree, where role queries (which compute every
 * element's name) take seconds in jsdom.
 */
const buttonOf = (text: string) => screen.getByText(text).closest('button') as HTMLButtonElement;

/** A select's input by its label (a select also has a hidden input of the same name). */
function comboOf(
  label: string | RegExp,
  scope: Pick<typeof screen, 'getAllByLabelText'> = screen,
): HTMLInputElement {
  const found = scope.getAllByLabelText(label).find((element) => element.getAttribute('type') !== 'hidden');
  expect(found).toBeDefined();
  return found as HTMLInputElement;
}

/** Picks `option` in the select named `label`. */
async function choose(label: string | RegExp, option: string) {
  await userEvent.click(comboOf(label));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('ImportScreen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows how the file was read, each column with its guess, and each coded value with its code', async () => {
    stubImport([UPLOADED]);
    renderScreen(<ImportScreen importId={IMPORT_ID} />, { user: TEST_DOCTOR_USER });
    expect(await screen.findByText('pacientes-2019.csv', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByText('Windows-1252')).toBeInTheDocument();
    expect(screen.getByText('Punto y coma (;)')).toBeInTheDocument();
    const steps = screen.getByLabelText('Pasos de la importación');
    expect(within(steps).getByText('Columnas y valores').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    await screen.findAllByLabelText('Variable de la columna Sexo');
    const sexColumn = comboOf('Variable de la columna Sexo');
    expect(sexColumn).toHaveValue('Sexo');
    // What the registry derives is not imported, and says why.
    expect(comboOf('Variable de la columna Edad')).toHaveValue('No se importa');
    expect(screen.getByText('El registro la calcula: no se importa.')).toBeInTheDocument();
    // The guess of "Masc" is missing: the value is marked, and its rows would be refused.
    const sexValues = screen.getByLabelText('Sexo ← 3. Sexo', { selector: 'table' });
    expect(within(sexValues).getByLabelText('Código de «F» en Sexo')).toHaveDisplayValue('Femenino (female)');
    expect(within(sexValues).getByLabelText('Código de «Masc» en Sexo')).toHaveValue('');
    expect(within(sexValues).getByText('Sus filas se rechazarían')).toBeInTheDocument();
    expect(
      screen.getByText('1 valor no tiene código: las filas que lo tengan se rechazarán en la revisión.'),
    ).toBeInTheDocument();
    // A yes/no is read by the server itself ("Sí", "X"): it has no values to map.
    expect(screen.queryByLabelText('Recaída ← 5. Recaída', { selector: 'table' })).not.toBeInTheDocument();
  });

  it('saves the confirmed mapping, starts the check and follows its progress', async () => {
    const checking: Import = {
      ...UPLOADED,
      status: 'checking',
      mappingConfirmed: true,
      progress: { done: 1, total: 3 },
    };
    const api = stubImport([UPLOADED, checking, CHECKED], {
      'PUT /api/imports/:id/mapping': () => answer(200, { data: { ...UPLOADED, mappingConfirmed: true } }),
      'POST /api/imports/:id/check': () => answer(202, { data: checking }),
    });
    renderScreen(<ImportScreen importId={IMPORT_ID} />, { user: TEST_DOCTOR_USER });
    await screen.findByLabelText('Sexo ← 3. Sexo', { selector: 'table' });
    await userEvent.selectOptions(screen.getByLabelText('Código de «Masc» en Sexo'), 'male');
    await userEvent.click(screen.getByLabelText('Borra el valor guardado'));
    await userEvent.click(buttonOf('Guardar y revisar'));
    await vi.waitFor(() => expect(api.to('POST /api/imports/:id/check')).toHaveLength(1));
    expect(api.to('PUT /api/imports/:id/mapping')[0]?.body).toEqual({
      dateFormat: 'dmy',
      decimal: ',',
      blank: 'clear',
      columns: {
        '0': 'identification',
        '1': 'birth_date',
        '2': 'sex',
        '3': 'dx_subtype',
        '4': 'relapse',
        '5': null,
      },
      values: {
        sex: { F: 'female', Masc: 'male' },
        dx_subtype: { 'LMA M2': 'AML M2', 'aml-m4': 'AML M4' },
      },
    });
    // The bar and its figures, seen together before the next reading of the import replaces them.
    await vi.waitFor(() => {
      expect(screen.getByRole('progressbar', { name: 'Revisando las filas' })).toBeInTheDocument();
      expect(screen.getByText('1 de 3 filas (33 %)')).toBeInTheDocument();
    });
    // The page reads the import again until the check is done.
    expect(
      await screen.findByRole('heading', { name: 'Resultado de la revisión' }, { timeout: 4_000 }),
    ).toBeInTheDocument();
  });

  it("will not check without the identification, and shows the server's message against its column", async () => {
    const api = stubImport([UPLOADED], {
      'PUT /api/imports/:id/mapping': () =>
        refusal(400, 'VALIDATION_FAILED', 'Datos inválidos.', { 'columns.3': 'Esta variable no existe.' }),
    });
    renderScreen(<ImportScreen importId={IMPORT_ID} />, { user: TEST_DOCTOR_USER });
    await screen.findAllByLabelText('Variable de la columna Nº HC');
    const identification = comboOf('Variable de la columna Nº HC');
    await choose('Variable de la columna Nº HC', 'No se importa');
    expect(identification).toHaveValue('No se importa');
    await userEvent.click(buttonOf('Guardar y revisar'));
    expect(
      await screen.findByText(
        'Asigne una columna a la identificación del paciente: sin ella ninguna fila encuentra a su paciente.',
      ),
    ).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
    await choose('Variable de la columna Nº HC', 'Identificación');
    await userEvent.click(buttonOf('Guardar y revisar'));
    expect(await screen.findByText('Esta variable no existe.')).toBeInTheDocument();
    expect(screen.getByText('Corrija lo marcado en rojo y vuelva a intentar.')).toBeInTheDocument();
    expect(api.to('POST /api/imports/:id/check')).toHaveLength(0);
  });

  it('proposes codes for a column mapped by hand, as the upload guesses them, for the user to confirm', async () => {
    const unguessed: Import = {
      ...UPLOADED,
      mapping: {
        ...UPLOADED.mapping,
        columns: { ...UPLOADED.mapping.columns, '2': null },
        values: { dx_subtype: UPLOADED.mapping.values.dx_subtype ?? {} },
      },
    };
    const api = stubImport([unguessed], {
      'PUT /api/imports/:id/mapping': () => answer(200, { data: { ...unguessed, mappingConfirmed: true } }),
      'POST /api/imports/:id/check': () => answer(202, { data: CHECKED }),
    });
    renderScreen(<ImportScreen importId={IMPORT_ID} />, { user: TEST_DOCTOR_USER });
    await screen.findAllByLabelText('Variable de la columna Sexo');
    expect(screen.queryByLabelText('Sexo ← 3. Sexo', { selector: 'table' })).not.toBeInTheDocument();
    await choose('Variable de la columna Sexo', 'Sexo');
    const sexValues = await screen.findByLabelText('Sexo ← 3. Sexo', { selector: 'table' });
    expect(within(sexValues).getByLabelText('Código de «F» en Sexo')).toHaveDisplayValue('Femenino (female)');
    expect(within(sexValues).getByLabelText('Código de «Masc» en Sexo')).toHaveDisplayValue(
      'Masculino (male)',
    );
    expect(within(sexValues).getAllByText('Sugerida')).toHaveLength(2);
    // The user changes one: it is theirs, no longer a suggestion.
    await userEvent.selectOptions(within(sexValues).getByLabelText('Código de «F» en Sexo'), 'male');
    expect(within(sexValues).getAllByText('Sugerida')).toHaveLength(1);
    await userEvent.click(buttonOf('Guardar y revisar'));
    await vi.waitFor(() => expect(api.to('PUT /api/imports/:id/mapping')).toHaveLength(1));
    expect(api.to('PUT /api/imports/:id/mapping')[0]?.body).toMatchObject({
      columns: { '2': 'sex' },
      values: { sex: { F: 'male', Masc: 'male' } },
    });
  });

  it("asks an admin for the patients' doctor and sends the one chosen", async () => {
    const api = stubImport([{ ...UPLOADED, doctor: null }], {
      'PUT /api/imports/:id/mapping': () => answer(200, { data: UPLOADED }),
      'POST /api/imports/:id/check': () => answer(202, { data: UPLOADED }),
    });
    renderScreen(<ImportScreen importId={IMPORT_ID} />);
    await screen.findByText('Médico de los pacientes');
    await userEvent.click(buttonOf('Guardar y revisar'));
    expect(
      await screen.findAllByText('Elija el médico de los pacientes, o la columna con su email.'),
    ).toHaveLength(2);
    await choose(/^Médico/, 'Paz, Ana · Hospital Italiano (ana@hospital.org)');
    await userEvent.click(buttonOf('Guardar y revisar'));
    await vi.waitFor(() => expect(api.to('PUT /api/imports/:id/mapping')).toHaveLength(1));
    expect(api.to('PUT /api/imports/:id/mapping')[0]?.body).toMatchObject({
      doctorId: 'd0000000-0000-4000-8000-000000000009',
    });
  });

  it('reads the file again from another header row', async () => {
    const api = stubImport([UPLOADED], {
      'PUT /api/imports/:id/mapping': () => answer(200, { data: { ...UPLOADED, headerRow: 3 } }),
    });
    renderScreen(<ImportScreen importId={IMPORT_ID} />, { user: TEST_DOCTOR_USER });
    const row = await screen.findByLabelText(/^Fila de los encabezados/);
    await userEvent.type(row, '{backspace}3');
    expect(row).toHaveValue('3');
    await userEvent.click(buttonOf('Leer de nuevo'));
    await vi.waitFor(() => expect(api.to('PUT /api/imports/:id/mapping')).toHaveLength(1));
    expect(api.to('PUT /api/imports/:id/mapping')[0]?.body).toMatchObject({ headerRow: 3 });
    expect(api.to('POST /api/imports/:id/check')).toHaveLength(0);
  });

  it("reads an XLSX's other sheet when it is chosen", async () => {
    const workbook: Import = {
      ...UPLOADED,
      kind: 'xlsx',
      encoding: null,
      delimiter: null,
      sheets: ['Pacientes', 'Resumen'],
      sheet: 'Pacientes',
    };
    const api = stubImport([workbook], {
      'PUT /api/imports/:id/mapping': () => answer(200, { data: { ...workbook, sheet: 'Resumen' } }),
    });
    renderScreen(<ImportScreen importId={IMPORT_ID} />, { user: TEST_DOCTOR_USER });
    await screen.findByText('Excel (XLSX)');
    await choose('Hoja', 'Resumen');
    await userEvent.click(buttonOf('Leer de nuevo'));
    await vi.waitFor(() => expect(api.to('PUT /api/imports/:id/mapping')).toHaveLength(1));
    expect(api.to('PUT /api/imports/:id/mapping')[0]?.body).toMatchObject({ sheet: 'Resumen', headerRow: 1 });
  });

  it('forgets an import never applied, once confirmed, and goes back to the list', async () => {
    const api = stubImport([CHECKED], {
      'DELETE /api/imports/:id': () => new Response(null, { status: 204 }),
    });
    const { router } = renderScreen(<ImportScreen importId={IMPORT_ID} />, { user: TEST_DOCTOR_USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar la importación' });
    expect(dialog).toHaveTextContent('No cambia ningún paciente.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/imports'));
    expect(api.to('DELETE /api/imports/:id')).toHaveLength(1);
  });

  it('says why an apply failed and offers to apply again, not to delete what it may have written', async () => {
    const failed: Import = { ...CHECKED, status: 'failed', error: 'El servidor se detuvo.' };
    stubImport([failed]);
    renderScreen(<ImportScreen importId={IMPORT_ID} />, { user: TEST_DOCTOR_USER });
    expect(await screen.findByText('El servidor se detuvo.')).toBeInTheDocument();
    expect(
      screen.getByText('Cada paciente quedó entero: aplicar de nuevo termina lo que falta.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aplicar de nuevo' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
  });

  it('shows the check: the counts, each row with its changes and refusals, filtered by action', async () => {
    const api = stubImport([CHECKED]);
    renderScreen(<ImportScreen importId={IMPORT_ID} />, { user: TEST_DOCTOR_USER });
    const table = await screen.findByRole('table', { name: 'Filas del archivo' });
    expect(await within(table).findByText('Fecha de nacimiento:')).toBeInTheDocument();
    expect(within(table).getByText('AML M2 → AML M4')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'HC-2' })).toHaveAttribute(
      'href',
      `/patient/${PATIENT_ID}`,
    );
    expect(
      within(table).getByText('Columna «F. nac.», valor «31/02/1970»: La fecha no existe.'),
    ).toBeInTheDocument();
    const filter = screen.getByRole('group', { name: 'Mostrar las filas' });
    expect(within(filter).getByRole('button', { name: '5 Todas las filas' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(filter).getByRole('button', { name: '1 Rechazadas' }));
    await vi.waitFor(() =>
      expect(api.to('GET /api/imports/:id/rows').at(-1)?.query).toEqual({
        page: '0',
        size: '20',
        action: 'refused',
      }),
    );
    await vi.waitFor(() => expect(within(table).queryByText('HC-1')).not.toBeInTheDocument());
  });

  it('applies with the conflicts only when the user accepts them, after a confirmation', async () => {
    const api = stubImport([CHECKED], {
      'POST /api/imports/:id/apply': () => answer(202, { data: CHECKED }),
    });
    renderScreen(<ImportScreen importId={IMPORT_ID} />, { user: TEST_DOCTOR_USER });
    expect(await screen.findByText(/^Pacientes nuevos: 2\. Pacientes actualizados: 1\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /^Aplicar también la fila en conflicto/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aplicar la importación' });
    expect(dialog).toHaveTextContent(
      'Se escribirán 4 pacientes en el registro. Podrá deshacerlo durante 30 días.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí' }));
    await vi.waitFor(() => expect(api.to('POST /api/imports/:id/apply')).toHaveLength(1));
    expect(api.to('POST /api/imports/:id/apply')[0]?.body).toEqual({ acceptConflicts: true });
  });

  it('lists the patients changed since when an undo is refused, each linking to its file', async () => {
    await i18n.changeLanguage('en');
    const api = stubImport([APPLIED], {
      'POST /api/imports/:id/undo': () =>
        answer(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'Some patients changed since the import.',
          code: 'CONFLICT',
          patients: [{ id: PATIENT_ID, identification: 'HC-2' }],
        }),
    });
    renderScreen(<ImportScreen importId={IMPORT_ID} />, { user: TEST_DOCTOR_USER });
    expect(await screen.findByText('Import applied')).toBeInTheDocument();
    // What was written is undone, never deleted.
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo the import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo the import' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const alert = (
      await screen.findByText('This patient changed in the registry after the import; nothing was undone:')
    ).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'HC-2' })).toHaveAttribute(
      'href',
      `/patient/${PATIENT_ID}`,
    );
    expect(api.to('POST /api/imports/:id/undo')).toHaveLength(1);
  });

  it("says an import that is not the caller's does not exist", async () => {
    stubRoutes({
      'GET /api/imports/:id': () => refusal(404, 'NOT_FOUND', 'No existe.'),
      'GET /api/codebook': () => answer(200, { data: { variables: CODEBOOK_ES } }),
    });
    renderScreen(<ImportScreen importId={IMPORT_ID} />, { user: TEST_DOCTOR_USER });
    expect(
      await screen.findByText('Esta importación no existe, fue eliminada o no es suya.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a las importaciones' })).toHaveAttribute(
      'href',
      '/imports',
    );
  });
});
