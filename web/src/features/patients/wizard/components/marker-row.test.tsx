import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { answer } from '../../../../test/fetch-routes.ts';
import {
  consentedDiagnostic,
  makePatient,
  mockApi,
  PATIENT_ID,
  renderWizard,
  stepForm,
} from '../test-utils.tsx';
import { vafAsPercent } from './marker-row.tsx';

const path = `/edit-patient/${PATIENT_ID}/diagnostic`;

const positive = (name: string, word: string) =>
  userEvent.click(
    within(screen.getByRole('radiogroup', { name: new RegExp(`^${name}( |$)`) })).getByRole('radio', {
      name: word,
    }),
  );

describe('a VAF typed as a fraction', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stands for a percentage only between 0 and 1, exclusive', () => {
    expect(vafAsPercent(0.35)).toBe(35);
    expect(vafAsPercent(0.355)).toBe(35.5);
    expect(vafAsPercent(0.005)).toBe(0.5);
    expect(vafAsPercent(0)).toBeNull();
    expect(vafAsPercent(1)).toBeNull();
    expect(vafAsPercent(35)).toBeNull();
    expect(vafAsPercent('')).toBeNull();
    expect(vafAsPercent('0,')).toBeNull();
  });

  it('asks beside the field whether 35 % was meant, and one click puts 35 % in', async () => {
    mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) });
    renderWizard(path);
    await stepForm('Diagnóstico');
    await positive('NPM1', 'Positivo');
    const vaf = screen.getByRole('textbox', { name: 'VAF de NPM1' });
    await userEvent.type(vaf, '0,35');
    expect(
      await screen.findByText('¿Quiso decir 35 %? La VAF se escribe en porcentaje.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Usar 35 %' }));
    expect(vaf).toHaveValue('35 %');
    expect(screen.queryByText(/¿Quiso decir/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Usar / })).not.toBeInTheDocument();
  });

  it('is not refused: a VAF of 0.5 % left as typed is saved as 0.5', async () => {
    const api = mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) }, (call) =>
      call.method === 'PUT' ? answer(200, { data: consentedDiagnostic }) : undefined,
    );
    renderWizard(path);
    await stepForm('Diagnóstico');
    await positive('TP53', 'Positivo');
    await userEvent.type(screen.getByRole('textbox', { name: 'VAF de TP53' }), '0,5');
    expect(await screen.findByRole('button', { name: 'Usar 50 %' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toMatchObject({
      markers: [{ code: 'TP53', result: 'positive', vaf: 0.5 }],
    });
  });

  it('asks in English with English decimals, and says nothing of a VAF of 1 or more', async () => {
    await i18n.changeLanguage('en');
    mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) });
    renderWizard(path);
    await stepForm('Diagnostic');
    await positive('NPM1', 'Positive');
    const vaf = screen.getByRole('textbox', { name: 'NPM1 VAF' });
    await userEvent.type(vaf, '0.425');
    // Two decimals at most: 0.42 is typed, 42 % is offered.
    expect(
      await screen.findByText('Did you mean 42 %? The VAF is written as a percentage.'),
    ).toBeInTheDocument();
    await userEvent.clear(vaf);
    await userEvent.type(vaf, '0.05');
    expect(await screen.findByRole('button', { name: 'Use 5 %' })).toBeInTheDocument();
    await userEvent.clear(vaf);
    await userEvent.type(vaf, '1');
    await waitFor(() => expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument());
  });
});
