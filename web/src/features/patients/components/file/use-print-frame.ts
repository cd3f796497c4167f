import type { Patient } from '@registry/shared';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatIsoDate, todayIsoDate } from '../../../../lib/dates.ts';

/** A text as a CSS string, for a custom property the page's margin boxes show. */
export function cssString(text: string): string {
  return `"${text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[\r\n]+/g, ' ')}"`;
}

const PROPERTIES = [
  '--patient-print-identification',
  '--patient-print-institution',
  '--patient-print-date',
  '--patient-print-page',
] as const;

/**
 * The texts of every printed page's margins (patient-print.module.css): the patient's identification,
 * the institution, the print date and the word before the page number, in the language in use. They
 * live on the root element while the file is on screen; the date is renewed when printing starts.
 */
export function usePrintFrame(patient: Pick<Patient, 'identification' | 'institution'>) {
  const { t } = useTranslation();
  useEffect(() => {
    const root = document.documentElement.style;
    const write = () => {
      const values = [
        t('patientFile.print.patient', { identification: patient.identification }),
        patient.institution.name,
        t('patientFile.print.printedOn', { date: formatIsoDate(todayIsoDate()) }),
        t('patientFile.print.page'),
      ];
      PROPERTIES.forEach((property, index) => {
        root.setProperty(property, cssString(values[index] ?? ''));
      });
    };
    write();
    window.addEventListener('beforeprint', write);
    return () => {
      window.removeEventListener('beforeprint', write);
      for (const property of PROPERTIES) {
        root.removeProperty(property);
      }
    };
    // `t` changes with the language, so the texts follow a change of language.
  }, [t, patient.identification, patient.institution.name]);
}

/**
 * The open sections of an accordion that opens all of them while the page prints and gives back the
 * reader's choice afterwards. The state changes synchronously in 'beforeprint', before the browser
 * lays the pages out.
 */
export function usePrintExpanded(all: readonly string[], initial: readonly string[]) {
  const [opened, setOpened] = useState<string[]>([...initial]);
  const saved = useRef<string[] | null>(null);
  const everything = all.join('\n');
  useEffect(() => {
    const keys = everything.split('\n');
    const before = () => {
      flushSync(() =>
        setOpened((current) => {
          saved.current ??= current;
          return keys;
        }),
      );
    };
    const after = () => {
      const previous = saved.current;
      saved.current = null;
      if (previous) {
        setOpened(previous);
      }
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [everything]);
  return [opened, setOpened] as const;
}
