import type { AuditEvent } from '@registry/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_ADMIN } from '../../../test/render.tsx';
import { AuditList } from './audit-list.tsx';

const PATIENT_ID = '20000000-0000-4000-8000-000000000001';
const DOCTOR_ID = '00000000-0000-4000-8000-000000000002';

const event = (id: number, fields: Partial<AuditEvent>): AuditEvent => ({
  id,
  at: '2026-05-01T12:00:00.000Z',
  actorUserId: DOCTOR_ID,
  actorEmail: 'ana@hospital.org',
  action: 'patient.update',
  outcome: 'ok',
  entityType: null,
  entityId: null,
  patientId: null,
  changes: null,
  ip: '127.0.0.1',
  importId: null,
  ...fields,
});

const EVENTS: AuditEvent[] = [
  event(9, {
    action: 'patient.update',
    entityType: 'patient',
    entityId: PATIENT_ID,
    patientId: PATIENT_ID,
    changes: { 'demography.ecog': { old: 1, new: 3 }, deathDate: { old: null, new: '2026-04-30' } },
  }),
  event(8, {
    action: 'GET /api/patients/:id',
    outcome: 'denied',
    entityType: 'patient',
    patientId: PATIENT_ID,
  }),
  event(7, {
    actorUserId: TEST_ADMIN.id,
    actorEmail: TEST_ADMIN.email,
    action: 'user.update',
    entityType: 'user',
    entityId: DOCTOR_ID,
    changes: { isActive: { old: true, new: false } },
  }),
  event(6, {
    action: 'patients.export',
    changes: { format: { old: null, new: 'csv' }, filters: { old: null, new: { subtype: 'AML M3' } } },
  }),
];

const page = (data: AuditEvent[]) =>
  answer(200, { data, currentPage: 0, totalPages: 1, totalItems: data.length });

function stub() {
  return stubRoutes({
    'GET /api/audit?page=0&size=10': () => page(EVENTS),
    'GET /api/audit?page=0&size=10&action=patient.update': () => page(EVENTS.slice(0, 1)),
    [`GET /api/audit?page=0&size=10&userId=${DOCTOR_ID}`]: () => page(EVENTS.slice(0, 2)),
    'GET /api/users/list?page=0&size=1000&orderBy=email&order=asc': () =>
      answer(200, {
        data: [
          TEST_ADMIN,
          { ...TEST_ADMIN, id: DOCTOR_ID, email: 'ana@hospital.org', nickname: 'ana', isAdmin: false },
        ],
        currentPage: 0,
        totalPages: 1,
        totalItems: 2,
      }),
  });
}

/** The table's row that holds a text (the action filter's options hold the same labels). */
const rowOf = async (text: string) => {
  const table = await screen.findByRole('table', { name: /auditoría|Audit trail/ });
  const cell = await within(table).findByText(text);
  return within(cell.closest('tr') as HTMLElement);
};

describe('AuditList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the trail in Spanish, with no raw field names or codes, and filters by action', async () => {
    await i18n.changeLanguage('es');
    const calls = stub();
    const { router } = renderScreen(<AuditList />, { path: '/audit' });
    const table = await screen.findByRole('table', { name: 'Registro de auditoría' });

    const update = await rowOf('Paciente modificado');
    expect(update.getByRole('cell', { name: 'ECOG' }).closest('tr')).toHaveTextContent(/ECOG\s*1\s*3/);
    expect(update.getByRole('cell', { name: 'Fecha de óbito' }).closest('tr')).toHaveTextContent(
      'Fecha de óbitoSin dato30/04/2026',
    );
    expect(update.getByRole('link', { name: 'Abrir la ficha del paciente 20000000' })).toHaveAttribute(
      'href',
      `/patient/${PATIENT_ID}`,
    );
    const denied = await rowOf('Permiso denegado');
    expect(denied.getByText('GET /api/patients/:id')).toBeInTheDocument();
    const user = await rowOf('Usuario modificado');
    expect(user.getByRole('cell', { name: 'Estado' }).closest('tr')).toHaveTextContent(
      'EstadoActivoInactivo',
    );
    const exported = await rowOf('Pacientes exportados');
    expect(exported.getByRole('cell', { name: 'Formato' }).closest('tr')).toHaveTextContent(
      'FormatoSin datoCSV',
    );
    for (const raw of [
      'demography.',
      'deathDate',
      'isActive',
      'patient.update',
      'user.update',
      'patients.export',
    ]) {
      expect(table.textContent).not.toContain(raw);
    }

    await userEvent.click(screen.getByRole('combobox', { name: 'Acción' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Paciente modificado' }));
    expect(await screen.findByText('Mostrando 1 resultado')).toBeInTheDocument();
    expect(calls.to('GET /api/audit?page=0&size=10&action=patient.update')).toHaveLength(1);
    expect(router.state.location.search).toBe('?action=patient.update');
  });

  it('keeps both of two filters chosen before the list shows the first', async () => {
    await i18n.changeLanguage('es');
    stub();
    const { router } = renderScreen(<AuditList />, { path: '/audit' });
    await screen.findByRole('table', { name: 'Registro de auditoría' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Acción' }));
    const option = await screen.findByRole('option', { name: 'Paciente modificado' });
    // One batch: the screen does not render between the two changes.
    act(() => {
      fireEvent.click(option);
      fireEvent.change(screen.getByRole('textbox', { name: 'Id del paciente' }), {
        target: { value: PATIENT_ID },
      });
    });
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        patientId: PATIENT_ID,
        action: 'patient.update',
      }),
    );
  });

  it('reads the trail in English and filters by user', async () => {
    await i18n.changeLanguage('en');
    const calls = stub();
    renderScreen(<AuditList />, { path: '/audit' });
    await screen.findByRole('table', { name: 'Audit trail' });
    expect(await rowOf('Permission refused')).toBeTruthy();
    const user = await rowOf('User changed');
    expect(user.getByRole('cell', { name: 'Status' }).closest('tr')).toHaveTextContent(
      'StatusActiveInactive',
    );
    expect(await rowOf('Patients exported')).toBeTruthy();
    const update = await rowOf('Patient changed');
    expect(update.getByRole('cell', { name: 'Date of death' }).closest('tr')).toHaveTextContent(
      'Date of deathNo data30/04/2026',
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'User' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ana@hospital.org' }));
    expect(await screen.findByText('Showing 2 results')).toBeInTheDocument();
    expect(calls.to(`GET /api/audit?page=0&size=10&userId=${DOCTOR_ID}`)).toHaveLength(1);
  });
});
