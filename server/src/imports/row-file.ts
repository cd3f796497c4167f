import {
  canonicalLabReportName,
  EXPORT_TEXTS,
  type ImportMapping,
  type ImportVariable,
  importVariableName,
  isBiobank,
  LANGUAGES,
  OTHER_PREFIX,
} from '@registry/shared';
import type {
  DiagnosticFile,
  DrugFile,
  GeneticsFile,
  PatientFile,
  ReportFile,
  SampleFile,
  TreatmentFile,
} from '../patients/index.ts';
import { EMPTY_PATIENT_FILE } from '../patients/index.ts';
import type { Cell } from './read/table.ts';
import { cellText } from './read/table.ts';
import { isBlank, parseBoolean, parseDate, parseDecimal, parseInteger, parseText } from './read/values.ts';

/** A cell read: its value, or why it cannot be (a message key and its parameters). */
export type ValueResult<T> =
  | { readonly ok: true; readonly value: T | null }
  | { readonly ok: false; readonly message: string; readonly params: Readonly<Record<string, string>> };

import type { Slot } from './slots.ts';

/**
 * A row of the file as the patient file it asks for (CONTRACT §14): the stored file (or an empty one
 * for a new patient) with each mapped cell written into its place. An empty cell leaves the stored value
 * (`blank: 'keep'`) or clears it (`'clear'`); a cell that cannot be read is refused with its column
 * and value. Records are matched by their number: the treatment of that order, the sample, diagnostic
 * and drug of that position, the lab report of that name.
 */

/** A cell of a row as the import reads it: its variable, where it goes, and where it came from. */
export interface RowCell {
  readonly variable: ImportVariable;
  readonly slot: Slot;
  /** The column's header (a side sheet's as `Sheet › Header`), for the messages. */
  readonly column: string;
  readonly cell: Cell;
  /** The value already read, where the cell's own words decide it (the registry's export). */
  readonly read?: ValueResult<Value>;
}

/** A refusal of one cell, or of the row (`column` null). */
export interface RowError {
  readonly column: string | null;
  readonly variable: string | null;
  readonly value: string | null;
  readonly key: string;
  readonly params?: Readonly<Record<string, string>>;
}

export type Value = string | number | boolean | null;

/** What the row asks of each variable: its value, and the cell it came from. */
export interface Asked {
  readonly cell: RowCell;
  readonly value: Value;
}

export interface FileContext {
  readonly institutionType: string;
  readonly mapping: Pick<ImportMapping, 'dateFormat' | 'decimal' | 'blank' | 'values'>;
}

/** A lab report's name from any of the export's labels (`Citogenética`) or its own. */
const REPORT_NAMES = new Map<string, string>(
  LANGUAGES.flatMap((language) =>
    Object.entries(EXPORT_TEXTS[language].values.reportName).map(([name, label]) => [
      label.toLowerCase(),
      name,
    ]),
  ),
);
const reportName = (text: string) => canonicalLabReportName(REPORT_NAMES.get(text.toLowerCase()) ?? text);

/** The words before a free text that an export writes (`Otro: `, `Other: `). */
const OTHER_WORDS = LANGUAGES.map((language) => `${EXPORT_TEXTS[language].other}: `);
const otherText = (text: string) => {
  const prefix = [OTHER_PREFIX, ...OTHER_WORDS].find((word) =>
    text.toLowerCase().startsWith(word.toLowerCase()),
  );
  return prefix ? text.slice(prefix.length).trim() : text;
};

/** The code a mapped value stands for, with a free text joined to `Other`. */
function codeOf(cell: RowCell, text: string, mapping: FileContext['mapping']): ValueResult<string> {
  const { variable } = cell;
  const map = mapping.values[variable.name] ?? mapping.values[variable.declaration.name] ?? {};
  const code = map[text];
  if (code === undefined) {
    return { ok: false, message: 'importRow.valueNotMapped', params: { value: text } };
  }
  const codes = variable.declaration.values ?? [];
  if (!codes.includes(code)) {
    return { ok: false, message: 'importRow.codeUnknown', params: { value: text, code } };
  }
  if (code === 'Other' && variable.declaration.other) {
    const free = otherText(text);
    return { ok: true, value: `${OTHER_PREFIX}${free === '' || free === 'Other' ? text : free}` };
  }
  return { ok: true, value: code };
}

/** A cell's value by its variable's type (the reader's rules); null for an empty cell. */
export function cellValue(cell: RowCell, context: FileContext): ValueResult<Value> {
  if (cell.read) {
    return cell.read;
  }
  if (isBlank(cell.cell)) {
    return { ok: true, value: null };
  }
  const { declaration } = cell.variable;
  switch (declaration.type) {
    case 'date':
      return parseDate(cell.cell, {
        order: context.mapping.dateFormat,
        yearAlone: declaration.name === 'birth_date' && isBiobank(context.institutionType),
      });
    case 'number':
      return parseDecimal(cell.cell, context.mapping.decimal);
    case 'integer':
      return parseInteger(cell.cell, context.mapping.decimal);
    case 'boolean':
      return parseBoolean(cell.cell);
    case 'code':
      return codeOf(cell, cellText(cell.cell).trim(), context.mapping);
    default: {
      const text = parseText(cell.cell);
      return text.ok && text.value !== null && cell.slot.part === 'reports' && cell.slot.field === 'name'
        ? { ok: true, value: reportName(text.value) }
        : text;
    }
  }
}

const newDiagnostic = (biobank: boolean): DiagnosticFile => ({
  dxDate: null,
  dxSecondary: null,
  dxSubType: null,
  organsFailures: null,
  patientFit: null,
  relapse: false,
  relapseDate: null,
  riskLevel: null,
  consent: biobank,
  consentDate: null,
  dxSecondaryDescription: null,
  wbcAtDiagnosis: null,
  marrowBlastsAtDiagnosis: null,
  genetics: null,
});

const newTreatment = (order: number): TreatmentFile => ({
  order,
  scheme: null,
  startDate: null,
  toxicities: null,
  diseaseAssessment: null,
  diseaseAssessmentDate: null,
  medulogram: null,
  medulogramDate: null,
  EMR: null,
  EMRDate: null,
  EMRBlasts: null,
  EMRStatus: null,
  EMRMethod: null,
  clinicalMonitoring: null,
  drugs: [],
});

const newDrug = (order: number): DrugFile => ({
  order,
  name: null,
  dose: null,
  startApplicationDate: null,
  lastAplicationDate: null,
});

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A field's value when its cell is cleared: a yes/no field has no empty value, and is no. */
const cleared = (field: string): Value => (field === 'relapse' || field === 'consent' ? false : null);

/**
 * The file a row asks for: `current` (null for a new patient) with every value of the row written.
 * Answers the file, what the row asks of each variable, and the cells it cannot read.
 */
export function fileOfRow(
  current: PatientFile | null,
  identification: string,
  cells: readonly RowCell[],
  context: FileContext,
): { file: PatientFile; asked: Map<string, Asked>; errors: RowError[] } {
  const biobank = isBiobank(context.institutionType);
  const errors: RowError[] = [];
  const asked = new Map<string, Asked>();
  const keep = context.mapping.blank === 'keep';

  const base = current ?? { ...EMPTY_PATIENT_FILE, identification };
  const file: Mutable<PatientFile> = { ...base };
  let demography: Mutable<NonNullable<PatientFile['demography']>> | null = base.demography
    ? { ...base.demography }
    : null;
  const diagnostics: Mutable<DiagnosticFile>[] = base.diagnostics.map((d) => ({ ...d }));
  const samples: Mutable<SampleFile>[] = base.samples.map((s) => ({ ...s }));
  const treatments: Mutable<TreatmentFile>[] = base.treatments.map((t) => ({
    ...t,
    drugs: t.drugs.map((d) => ({ ...d })),
  }));
  const reports: Mutable<ReportFile>[] = base.reports.map((r) => ({ ...r }));

  // The lab reports a row numbers are found by their names: each number's name first.
  const reportNames = new Map<number, string>();
  for (const cell of cells) {
    if (cell.slot.part === 'reports' && cell.slot.field === 'name') {
      const parsed = cellValue(cell, context);
      if (parsed.ok && typeof parsed.value === 'string') {
        reportNames.set(cell.variable.index ?? 0, parsed.value);
      }
    }
  }

  const diagnosticAt = (index: number, create: boolean) => {
    while (create && diagnostics.length < index) {
      diagnostics.push(newDiagnostic(biobank));
    }
    return diagnostics[index - 1];
  };
  const treatmentAt = (order: number, create: boolean) => {
    let treatment = treatments.find((t) => t.order === order);
    if (!treatment && create) {
      treatment = newTreatment(order);
      treatments.push(treatment);
      treatments.sort((a, b) => a.order - b.order);
    }
    return treatment;
  };

  for (const cell of cells) {
    const parsed = cellValue(cell, context);
    const text = cellText(cell.cell).trim();
    if (!parsed.ok) {
      errors.push({
        column: cell.column,
        variable: cell.variable.name,
        value: text,
        key: parsed.message,
        params: parsed.params,
      });
      continue;
    }
    const blank = parsed.value === null;
    if (blank && keep) {
      continue;
    }
    asked.set(cell.variable.name, { cell, value: parsed.value });
    const value = parsed.value;
    const { slot, variable } = cell;
    const index = variable.index ?? 1;
    switch (slot.part) {
      case 'patient':
        if (slot.field === 'identification') {
          break;
        }
        (file as Record<string, unknown>)[slot.field] = value;
        break;
      case 'demography':
        demography ??= { birthDate: null, gender: null, ecog: null, app: null };
        (demography as Record<string, unknown>)[slot.field] = value;
        break;
      case 'diagnostics': {
        const diagnostic = diagnosticAt(index, !blank);
        if (diagnostic) {
          (diagnostic as Record<string, unknown>)[slot.field] = blank ? cleared(slot.field) : value;
        }
        break;
      }
      case 'genetics':
      case 'marker': {
        const diagnostic = diagnosticAt(1, !blank);
        if (!diagnostic) {
          break;
        }
        const genetics: Mutable<GeneticsFile> & { markers: GeneticsFile['markers'][number][] } =
          diagnostic.genetics
            ? { ...diagnostic.genetics, markers: [...diagnostic.genetics.markers] }
            : { karyotype: null, karyotypeResult: null, markers: [] };
        if (slot.part === 'genetics') {
          (genetics as Record<string, unknown>)[slot.field] = value;
        } else {
          const at = genetics.markers.findIndex((marker) => marker.code === slot.code);
          const marker = genetics.markers[at];
          if (slot.vaf) {
            if (marker) {
              genetics.markers[at] = { ...marker, vaf: value as number | null };
            } else if (!blank) {
              // A VAF alone says the mutation was found.
              genetics.markers.push({ code: slot.code, result: 'positive', vaf: value as number });
            }
          } else if (blank) {
            genetics.markers = genetics.markers.filter((m) => m.code !== slot.code);
          } else if (marker) {
            genetics.markers[at] = { ...marker, result: value as string };
          } else {
            genetics.markers.push({ code: slot.code, result: value as string, vaf: null });
          }
        }
        diagnostic.genetics = genetics;
        break;
      }
      case 'samples': {
        while (!blank && samples.length < index) {
          samples.push({ sampleType: null, sampleDate: null });
        }
        const sample = samples[index - 1];
        if (sample) {
          (sample as Record<string, unknown>)[slot.field] = value;
        }
        break;
      }
      case 'treatments': {
        const treatment = treatmentAt(index, !blank);
        if (treatment) {
          (treatment as Record<string, unknown>)[slot.field] = value;
        }
        break;
      }
      case 'drugs': {
        const treatment = treatmentAt(index, !blank);
        const order = variable.drug ?? 1;
        if (!treatment) {
          break;
        }
        const drugs = treatment.drugs.map((d) => ({ ...d }));
        let drug = drugs.find((d) => d.order === order);
        if (!drug && !blank) {
          drug = newDrug(order);
          drugs.push(drug);
          drugs.sort((a, b) => a.order - b.order);
        }
        if (drug) {
          (drug as Record<string, unknown>)[slot.field] = value;
        }
        treatment.drugs = drugs;
        break;
      }
      case 'reports': {
        if (slot.field === 'name') {
          break;
        }
        const name = reportNames.get(index);
        if (!name) {
          errors.push({
            column: cell.column,
            variable: variable.name,
            value: text,
            key: 'importRow.reportNameMissing',
            params: { name: importVariableName('labReport', 'name', index) },
          });
          break;
        }
        let report = reports.find((r) => r.name === name);
        if (!report && !blank) {
          report = { name, content: null, date: null };
          reports.push(report);
        }
        if (report) {
          (report as Record<string, unknown>)[slot.field] = value;
        }
        break;
      }
    }
  }
  file.demography = demography;
  file.diagnostics = diagnostics;
  file.samples = samples;
  file.treatments = treatments;
  file.reports = reports;
  return { file, asked, errors };
}
