import type { QualityStep } from '../api/schemas.ts';

/** The sections of the patient file a field of the patient document belongs to. */
export type FileSection = 'demography' | 'samples' | 'diagnostic' | 'treatments' | 'labReport' | 'death';

/** The kind of record a path names, as the change labels know them (lib/change-labels.ts). */
type Entity = 'patient' | 'sample' | 'diagnostic' | 'treatment' | 'drug' | 'labReport' | 'genetics';

/** Where a dotted path of the patient document (`treatments.1.drugs.0.dose`) points. */
export interface FieldPlace {
  readonly entity: Entity;
  /** The field's own name, the last part of the path. */
  readonly name: string;
  /** The 0-based positions of the records on the way (`[1, 0]` for the drug above); `*` is any. */
  readonly positions: readonly (number | '*')[];
  /** The wizard step where it is corrected, or 'patient' for the file itself (death, follow-up, risk). */
  readonly step: QualityStep;
  readonly section: FileSection;
}

const position = (part: string | undefined): number | '*' => (part === '*' ? '*' : Number(part ?? 0));

const PATIENT_FIELDS: Readonly<Record<string, { step: QualityStep; section: FileSection }>> = {
  identification: { step: 'demography', section: 'demography' },
  lastContactDate: { step: 'patient', section: 'demography' },
  deathDate: { step: 'patient', section: 'death' },
  deathCause: { step: 'patient', section: 'death' },
  riskLevel: { step: 'lab-report', section: 'labReport' },
  eln2022: { step: 'diagnostic', section: 'diagnostic' },
};

/** Where a field of the patient document is shown and corrected. */
export function placeOf(path: string): FieldPlace {
  const parts = path.split('.');
  const [head = '', second, third, fourth, fifth] = parts;
  const last = parts[parts.length - 1] ?? head;
  switch (head) {
    case 'demography':
      return { entity: 'patient', name: path, positions: [], step: 'demography', section: 'demography' };
    case 'samples':
      return {
        entity: 'sample',
        name: last,
        positions: [position(second)],
        step: 'samples',
        section: 'samples',
      };
    case 'diagnostics':
      return {
        entity: third === 'genetics' ? 'genetics' : 'diagnostic',
        name: last,
        positions:
          fourth === 'markers' && fifth !== undefined
            ? [position(second), position(fifth)]
            : [position(second)],
        step: 'diagnostic',
        section: 'diagnostic',
      };
    case 'treatments':
      return third === 'drugs'
        ? {
            entity: 'drug',
            name: last,
            positions: [position(second), position(fourth)],
            step: 'treatments',
            section: 'treatments',
          }
        : {
            entity: 'treatment',
            name: last,
            positions: [position(second)],
            step: 'treatments',
            section: 'treatments',
          };
    case 'reports':
      return {
        entity: 'labReport',
        name: last,
        positions: [position(second)],
        step: 'lab-report',
        section: 'labReport',
      };
    default: {
      const known = PATIENT_FIELDS[head] ?? { step: 'patient', section: 'demography' };
      return { entity: 'patient', name: head, positions: [], ...known };
    }
  }
}

/** The section of the patient file where a finding or a query about these fields is shown: the first field's. */
export function sectionOf(fields: readonly string[]): FileSection {
  const first = fields[0];
  return first ? placeOf(first).section : 'demography';
}
