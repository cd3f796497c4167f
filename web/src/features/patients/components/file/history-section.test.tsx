import type { PatientHistoryEntry } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { answer, stubRoutes } from '../../../../test/fetch-routes.ts';
import { renderScreen } from '../../../../test/render.tsx';
import { TEST_DOCTOR } from '../list/test-fixtures.ts';
import { PatientFileScreen } from './patient-file-screen.tsx';
import { DOCTOR_VIEW, PATIENT } from './test-patient.ts';

const entry = (
  id: number,
  fields: Omit<PatientHistoryEntry, 'id' | 'actorEmail' | 'actorName'> & { actorName?: string | null },
): PatientHistoryEntry => ({
  id,
  actorEmail: 'ana@hospital.org',
  actorName: 'Ana Paz',
  ...fields,
});

const ENTRIES: PatientHistoryEntry[] = [
  entry(40, {
    at: '2024-05-01T12:00:00.000Z',
    action: 'patient.update',
    entityType: 'patient',
    entityId: PATIENT.id,
    changes: {
      riskLevel: { old: null, new: 'Alto' },
      'demography.gender': { old: 'male', new: 'female' },
      deathDate: { old: null, new: '2024-04-30' },
    },
  }),
  entry(39, {
    at: '2024-04-20T12:00:00.000Z',
    action: 'diagnostic.update',
    entityType: 'diagnostic',
    entityId: 'd1',
    changes: {
      dxSubType: { old: 'AML M1', new: 'Other: LMMC' },
      relapse: { old: false, new: true },
    },
  }),
  entry(38, {
    at: '2024-04-10T12:00:00.000Z',
    action: 'drug.create',
    entityType: 'drug',
    entityId: 'g1',
    changes: {
      treatmentId: { old: null, new: '30000000-0000-4000-8000-000000000001' },
      order: { old: null, new: 1 },
      name: { old: null, new: 'Citarabina' },
    },
  }),
  entry(37, {
    at: '2024-04-01T12:00:00.000Z',
    action: 'file.upload',
    entityType: 'file',
    entityId: 'f1',
    changes: {
      name: { old: null, new: 'muestra.pdf' },
      mimeType: { old: null, new: 'application/pdf' },
      size: { old: null, new: 2048 },
      purpose: { old: null, new: 'sample' },
    },
  }),
];

const historyUrl = (page: number) => `GET /api/patients/${PATIENT.id}/history?page=${page}&size=10`;

function stub() {
  return stubRoutes({
    [`GET /api/patients/${PATIENT.id}`]: () => answer(200, { data: DOCTOR_VIEW }),
    [historyUrl(0)]: () => answer(200, { data: ENTRIES, currentPage: 0, totalPages: 2, totalItems: 11 }),
    [historyUrl(1)]: () =>
      answer(200, {
        data: [
          // An account since removed: its email, kept in the trail, stands for the name.
          entry(1, {
            actorName: null,
            at: '2024-03-01T12:00:00.000Z',
            action: 'patient.create',
            entityType: 'patient',
            entityId: PATIENT.id,
            changes: { identification: { old: null, new: 'HC-0001' } },
          }),
        ],
        currentPage: 1,
        totalPages: 2,
        totalItems: 11,
      }),
  });
}

/**
 * Opens the file's history section and answers its entries, newest first, once the section shows them:
 * the entries can come before the section has finished opening, hidden from the accessibility tree.
 */
async function openHistory(title: string) {
  await screen.findByRole('heading', { level: 1, name: 'HC-0001' });
  await userEvent.click(screen.getByRole('button', { name: new RegExp(title) }));
  const entries = await screen.findAllByTestId('history-entry');
  await waitFor(() => expect(entries[0]).toBeVisible());
  return entries.map((item) => within(item));
}

/** The row of a change table: the field's label, its value before and after. */
const row = (scope: ReturnType<typeof within>, label: string) =>
  Array.from(
    scope.getByRole('cell', { name: label }).closest('tr')?.children ?? [],
    (cell: Element) => cell.textContent,
  );

describe('HistorySection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows in Spanish who changed what and when, with the labels of the file and no codes', async () => {
    await i18n.changeLanguage('es');
    stub();
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    expect(await screen.findByTestId('last-change', {}, { timeout: 4000 })).toHaveTextContent(
      /^Última modificación por Ana Paz el 01\/05\/2024 \d\d:\d\d$/,
    );
    const [patient, diagnostic, drug, file] = await openHistory('Historial');
    expect(patient?.getByText('Paciente modificado')).toBeInTheDocument();
    expect(patient?.getByText(/^Por Ana Paz el 01\/05\/2024/)).toBeInTheDocument();
    if (!patient || !diagnostic || !drug || !file) {
      throw new Error('four entries expected');
    }
    expect(row(patient, 'Riesgo del informe de laboratorio')).toEqual([
      'Riesgo del informe de laboratorio',
      'Sin dato',
      'Alto',
    ]);
    expect(row(patient, 'Sexo')).toEqual(['Sexo', 'Masculino', 'Femenino']);
    expect(row(patient, 'Fecha de óbito')).toEqual(['Fecha de óbito', 'Sin dato', '30/04/2024']);
    expect(diagnostic.getByText('Diagnóstico modificado')).toBeInTheDocument();
    expect(row(diagnostic, 'Subtipo')).toEqual(['Subtipo', 'AML M1', 'LMMC']);
    expect(row(diagnostic, 'Recaída')).toEqual(['Recaída', 'No', 'Sí']);
    expect(drug.getByText('Droga agregada')).toBeInTheDocument();
    expect(row(drug, 'Droga')).toEqual(['Droga', 'Sin dato', 'Citarabina']);
    expect(row(drug, 'Orden')).toEqual(['Orden', 'Sin dato', '1']);
    expect(drug.getAllByRole('row')).toHaveLength(3);
    expect(row(file, 'Tipo de archivo')).toEqual(['Tipo de archivo', 'Sin dato', 'PDF']);
    expect(row(file, 'Tamaño')).toEqual(['Tamaño', 'Sin dato', '2 KB']);
    expect(row(file, 'Uso del archivo')).toEqual(['Uso del archivo', 'Sin dato', 'Muestra']);

    const history = screen.getByRole('region', { name: 'Historial de cambios del paciente' });
    for (const raw of ['riskLevel', 'demography.', 'treatmentId', 'application/pdf', 'Other:', 'dxSubType']) {
      expect(history.textContent).not.toContain(raw);
    }
    expect(within(history).getByText('Mostrando 11 resultados')).toBeInTheDocument();
  });

  it('shows the same in English, and pages', async () => {
    await i18n.changeLanguage('en');
    const calls = stub();
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    expect(await screen.findByTestId('last-change', {}, { timeout: 4000 })).toHaveTextContent(
      /^Last changed by Ana Paz on 01\/05\/2024 \d\d:\d\d$/,
    );
    const [patient, diagnostic, , file] = await openHistory('History');
    if (!patient || !diagnostic || !file) {
      throw new Error('four entries expected');
    }
    expect(patient.getByText('Patient changed')).toBeInTheDocument();
    expect(row(patient, 'Lab-report risk')).toEqual(['Lab-report risk', 'No data', 'High']);
    expect(row(patient, 'Sex')).toEqual(['Sex', 'Male', 'Female']);
    expect(row(diagnostic, 'Relapse')).toEqual(['Relapse', 'No', 'Yes']);
    expect(row(file, 'File use')).toEqual(['File use', 'No data', 'Sample']);
    // One call serves both the header's line and the section's first page.
    expect(calls.to(historyUrl(0))).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Patient created')).toBeInTheDocument();
    expect(screen.getAllByTestId('history-entry')).toHaveLength(1);
    expect(screen.getByText(/^By ana@hospital\.org on 01\/03\/2024/)).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    // The header still names the newest change.
    expect(screen.getByTestId('last-change')).toHaveTextContent(/01\/05\/2024/);
  });
});
