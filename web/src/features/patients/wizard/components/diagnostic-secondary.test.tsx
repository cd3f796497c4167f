import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { answer } from '../../../../test/fetch-routes.ts';
import {
  ADMIN,
  choose,
  consentedDiagnostic,
  makePatient,
  mockApi,
  PATIENT_ID,
  renderWizard,
  stepForm,
} from '../test-utils.tsx';

const path = `/edit-patient/${PATIENT_ID}/diagnostic`;
const saved = makePatient({ diagnostics: [{ ...consentedDiagnostic }] });
const secondaryDx = makePatient({
  diagnostics: [
    { ...consentedDiagnostic, dxSecondary: 'Secundario', dxSecondaryDescription: 'Post mielodisplasia' },
  ],
});

/** The clear buttons of the form's selects (Mantine hides them from assistive technology). */
const selectClears = (form: HTMLElement) => form.querySelectorAll('.mantine-InputClearButton-root');

const TEXTS = {
  es: {
    step: 'Diagnóstico',
    stage: 'Dx inicial o secundario',
    secondary: 'Secundario',
    initial: 'Inicial',
    description: 'Descripción del Dx secundario',
    save: 'Guardar y continuar',
    clearDate: 'Borrar la fecha',
  },
  en: {
    step: 'Diagnostic',
    stage: 'Initial or secondary Dx',
    secondary: 'Secondary',
    initial: 'Initial',
    description: 'Secondary Dx description',
    save: 'Save and continue',
    clearDate: 'Clear the date',
  },
} as const;

describe('the diagnostic step: the secondary Dx and the clear buttons', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['es', 'en'] as const)(
    '%s: asks for the description of a secondary Dx only, and drops it for an initial one',
    async (language) => {
      const text = TEXTS[language];
      await i18n.changeLanguage(language);
      mockApi({ patient: makePatient() });
      const fresh = renderWizard(path);
      await stepForm(text.step);
      expect(screen.queryByRole('textbox', { name: text.description })).not.toBeInTheDocument();
      await choose(text.stage, text.secondary);
      expect(screen.getByRole('textbox', { name: text.description })).toBeInTheDocument();
      fresh.unmount();
      vi.unstubAllGlobals();
      // What was typed above stays as the step's draft in the tab; the saved patient below is another.
      sessionStorage.clear();

      const api = mockApi({ patient: secondaryDx }, (call) =>
        call.method === 'PATCH' ? answer(200, { data: consentedDiagnostic }) : undefined,
      );
      renderWizard(path);
      await stepForm(text.step);
      expect(screen.getByRole('textbox', { name: text.description })).toHaveValue('Post mielodisplasia');
      await choose(text.stage, text.initial);
      expect(screen.queryByRole('textbox', { name: text.description })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: text.save }));
      await waitFor(() => expect(api.writes()).toHaveLength(1));
      expect(api.writes()[0]?.body).toEqual({ dxSecondary: 'Inicial', dxSecondaryDescription: null });
    },
  );

  it.each(['es', 'en'] as const)(
    '%s: offers clear buttons to a doctor who edits, none on a read-only step',
    async (language) => {
      const text = TEXTS[language];
      await i18n.changeLanguage(language);
      mockApi({ patient: saved });
      const doctor = renderWizard(path);
      const editable = await stepForm(text.step);
      expect(selectClears(editable).length).toBeGreaterThan(0);
      expect(screen.getAllByRole('button', { name: text.clearDate }).length).toBeGreaterThan(0);
      doctor.unmount();

      renderWizard(path, ADMIN);
      const readOnly = await stepForm(text.step);
      for (const box of screen.getAllByRole('combobox')) {
        expect(box).toBeDisabled();
      }
      expect(selectClears(readOnly)).toHaveLength(0);
      expect(screen.queryByRole('button', { name: text.clearDate })).not.toBeInTheDocument();
    },
  );
});
