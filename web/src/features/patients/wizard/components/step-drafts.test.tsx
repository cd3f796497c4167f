import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drafts } from '../../../../lib/drafts.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { answer } from '../../../../test/fetch-routes.ts';
import { DOCTOR, makePatient, mockApi, PATIENT_ID, renderWizard, stepForm } from '../test-utils.tsx';

const draftKeys = () => Object.keys(sessionStorage).filter((key) => key.startsWith('draft:'));
const identificationBox = () =>
  screen.getByRole('textbox', { name: /^(Identificación del paciente|Patient identification)/ });

describe('the drafts of the wizard steps', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('brings back what was typed and not saved when the step opens again, says so, and the save clears it', async () => {
    const state = { patient: makePatient() };
    const api = mockApi(state, (call) => {
      if (call.method === 'PATCH') {
        state.patient = { ...state.patient, identification: 'P-009', version: 4 };
        return answer(200, { data: state.patient });
      }
      return undefined;
    });
    const first = renderWizard(`/edit-patient/${PATIENT_ID}/demography`);
    await stepForm('Demografía');
    await userEvent.clear(identificationBox());
    await userEvent.type(identificationBox(), 'P-009');
    expect(draftKeys()).toEqual([`draft:${DOCTOR.id}:/edit-patient/${PATIENT_ID}/demography`]);
    // The tab is reloaded: the page is gone, the tab's storage stays.
    first.unmount();

    const { router } = renderWizard(`/edit-patient/${PATIENT_ID}/demography`);
    await stepForm('Demografía');
    await waitFor(() => expect(identificationBox()).toHaveValue('P-009'));
    expect(screen.getByRole('status')).toHaveTextContent('Cambios sin guardar recuperados');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/samples`));
    expect(api.writes().map((write) => write.body)).toEqual([{ identification: 'P-009' }]);
    expect(draftKeys()).toEqual([]);
  });

  it('drops the draft on request, and the step shows what the patient holds', async () => {
    await i18n.changeLanguage('en');
    mockApi({ patient: makePatient() });
    const first = renderWizard(`/edit-patient/${PATIENT_ID}/demography`);
    await stepForm('Demography');
    await userEvent.type(identificationBox(), '-X');
    first.unmount();

    renderWizard(`/edit-patient/${PATIENT_ID}/demography`);
    await stepForm('Demography');
    await waitFor(() => expect(identificationBox()).toHaveValue('P-001-X'));
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(identificationBox()).toHaveValue('P-001');
    expect(screen.queryByText('Unsaved changes restored')).not.toBeInTheDocument();
    expect(draftKeys()).toEqual([]);
  });

  it('keeps no draft of another user, and none once every draft is cleared (sign-out)', async () => {
    mockApi({ patient: makePatient() });
    const first = renderWizard(`/edit-patient/${PATIENT_ID}/demography`);
    await stepForm('Demografía');
    await userEvent.type(identificationBox(), '-X');
    first.unmount();
    renderWizard(`/edit-patient/${PATIENT_ID}/demography`, {
      ...DOCTOR,
      id: '99999999-9999-4999-8999-999999999999',
    });
    await stepForm('Demografía');
    expect(identificationBox()).toHaveValue('P-001');
    expect(draftKeys()).toHaveLength(1);
    drafts.clearAll();
    expect(draftKeys()).toEqual([]);
  });
});
