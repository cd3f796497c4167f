import type { Patient } from '@registry/shared';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { stubRoutes } from '../../../../test/fetch-routes.ts';
import { renderScreen, TEST_ADMIN } from '../../../../test/render.tsx';
import { TEST_DOCTOR } from '../list/test-fixtures.ts';
import { PatientFile } from './patient-file.tsx';
import { PatientFileHeader } from './patient-file-header.tsx';
import { DOCTOR_VIEW, PATIENT } from './test-patient.ts';

const deceased = (patient: Patient, gender: 'female' | 'male' = 'female'): Patient => ({
  ...patient,
  demography: patient.demography && { ...patient.demography, gender },
  deathDate: '2024-10-05',
  deathCause: 'Sepsis',
});

describe('PatientFileHeader', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['es', 'female', 'Fallecida · 05/10/2024'],
    ['es', 'male', 'Fallecido · 05/10/2024'],
    ['en', 'female', 'Deceased · 05/10/2024'],
    ['en', 'male', 'Deceased · 05/10/2024'],
  ] as const)(
    '%s: marks a %s patient with a recorded death with the date',
    async (language, gender, text) => {
      await i18n.changeLanguage(language);
      renderScreen(<PatientFileHeader patient={deceased(DOCTOR_VIEW, gender)} withCodeOP={false} />, {
        user: TEST_DOCTOR,
      });
      expect(screen.getByTestId('deceased-badge')).toHaveTextContent(text);
    },
  );

  it.each([
    ['es', 'Código OP: AL-OP#12', 'Imprimir'],
    ['en', 'Code OP: AL-OP#12', 'Print'],
  ] as const)('%s: shows the Code OP to those who see it, and prints', async (language, code, print) => {
    await i18n.changeLanguage(language);
    const printing = vi.fn();
    vi.stubGlobal('print', printing);
    renderScreen(<PatientFileHeader patient={PATIENT} withCodeOP />, { user: TEST_ADMIN });
    expect(screen.getByTestId('code-op-badge')).toHaveTextContent(code);
    expect(screen.queryByTestId('deceased-badge')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: print }));
    expect(printing).toHaveBeenCalledOnce();
  });

  it.each(['es', 'en'] as const)(
    '%s: shows no Code OP to a doctor, even if one came with the patient, and none when there is none',
    async (language) => {
      await i18n.changeLanguage(language);
      const first = renderScreen(<PatientFileHeader patient={deceased(PATIENT)} withCodeOP={false} />, {
        user: TEST_DOCTOR,
      });
      expect(screen.getByTestId('deceased-badge')).toBeInTheDocument();
      expect(screen.queryByTestId('code-op-badge')).not.toBeInTheDocument();
      expect(screen.queryByText(/AL-OP#12/)).not.toBeInTheDocument();
      first.unmount();

      renderScreen(<PatientFileHeader patient={{ ...PATIENT, codeOP: null }} withCodeOP />, {
        user: TEST_ADMIN,
      });
      expect(screen.queryByTestId('code-op-badge')).not.toBeInTheDocument();
      expect(screen.queryByTestId('deceased-badge')).not.toBeInTheDocument();
    },
  );
});

describe('printing the patient file', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.removeAttribute('style');
  });

  it.each([
    ['es', 'Paciente HC-0001', 'Impreso el ', 'Página', /Tratamientos/],
    ['en', 'Patient HC-0001', 'Printed on ', 'Page', /Treatments/],
  ] as const)(
    '%s: opens every section while printing, gives the reader their choice back, and frames the pages',
    async (language, patient, printedOn, page, treatments) => {
      await i18n.changeLanguage(language);
      // The history under the header answers 404: the header shows no last change.
      stubRoutes({});
      const view = renderScreen(<PatientFile patient={DOCTOR_VIEW} />, { user: TEST_DOCTOR });
      const root = document.documentElement.style;
      expect(root.getPropertyValue('--patient-print-identification')).toBe(`"${patient}"`);
      expect(root.getPropertyValue('--patient-print-institution')).toBe('"Hospital Italiano"');
      expect(root.getPropertyValue('--patient-print-date')).toMatch(
        new RegExp(`^"${printedOn}\\d\\d/\\d\\d/\\d{4}"$`),
      );
      expect(root.getPropertyValue('--patient-print-page')).toBe(`"${page}"`);

      const control = screen.getByRole('button', { name: treatments });
      await userEvent.click(control);
      expect(control).toHaveAttribute('aria-expanded', 'false');
      fireEvent(window, new Event('beforeprint'));
      expect(control).toHaveAttribute('aria-expanded', 'true');
      for (const section of screen.getAllByRole('heading', { level: 2 })) {
        const button = section.querySelector('button');
        if (button && !/Historial|History/.test(button.textContent ?? '')) {
          expect(button).toHaveAttribute('aria-expanded', 'true');
        }
      }
      fireEvent(window, new Event('afterprint'));
      expect(control).toHaveAttribute('aria-expanded', 'false');

      view.unmount();
      expect(root.getPropertyValue('--patient-print-identification')).toBe('');
    },
  );
});
