import type { DatasetFilters, DatasetRows, DatasetTexts } from '@registry/shared';
import { ageBandText, type DisclosureCheck } from './disclosure.ts';

/**
 * `README.txt` (CONTRACT §15): who asked for the dataset, when and why, its filters and options, its
 * files with their rows, how to read it, and the disclosure check, in the dataset's language.
 */

export interface ReadmeInput {
  readonly texts: DatasetTexts;
  /** Who asked: the admin's name as the registry shows it (never an email in a de-identified dataset). */
  readonly requestedBy: string;
  /** `yyyy-MM-dd HH:mm:ss` UTC. */
  readonly requestedAt: string;
  readonly purpose: string;
  /** The filters as they may be shown: a de-identified dataset's are already written without names. */
  readonly filters: Readonly<Record<string, string>>;
  readonly identified: boolean;
  readonly dates: 'intervals' | 'shifted';
  readonly freeText: boolean;
  readonly studyKey: string;
  readonly language: string;
  readonly rows: DatasetRows;
  readonly files: readonly string[];
  readonly disclosure: DisclosureCheck;
  /** A code's label in the dataset's language (the groups' sex). */
  readonly sexLabel: (code: string) => string;
}

/**
 * The filters of a de-identified dataset as its README may show them: an institution by its centre
 * pseudonym, a doctor and a text search not at all (they would name a person or an institution).
 */
export function shownFilters(
  filters: DatasetFilters,
  texts: DatasetTexts,
  centreOfCode: (code: string) => string | null,
  identified: boolean,
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') {
      continue;
    }
    if (identified) {
      shown[name] = String(value);
    } else if (name === 'institutionCode') {
      shown.centre = centreOfCode(String(value)) ?? '-';
    } else if (name === 'text') {
      shown[name] = texts.textFilterHidden;
    } else if (name === 'doctorId') {
      shown.doctor = texts.doctorFilterHidden;
    } else {
      shown[name] = String(value);
    }
  }
  return shown;
}

const heading = (text: string) => `${text}\n${'='.repeat([...text].length)}`;

function datesLine(input: ReadmeInput): string {
  const { texts } = input;
  if (input.identified) {
    return texts.datesExact;
  }
  return input.dates === 'intervals' ? texts.datesIntervals : texts.datesShifted;
}

function disclosureLines(input: ReadmeInput): string[] {
  const { texts, disclosure } = input;
  const value = (text: string | null) => text ?? texts.missing;
  const columns = texts.groupColumns;
  const rows = disclosure.small.map((group) =>
    [
      value(group.sex === null ? null : input.sexLabel(group.sex)),
      value(group.ageBand === null ? null : ageBandText(group.ageBand)),
      value(group.centre),
      value(group.subtype),
      String(group.patients),
    ].join(' | '),
  );
  return [
    heading(texts.disclosure),
    texts.disclosureExplained,
    '',
    `${texts.smallestGroup}: ${disclosure.smallest ?? '-'}`,
    '',
    `${texts.groupsUnderFive}:`,
    ...(rows.length === 0
      ? [`  ${texts.noGroupsUnderFive}`]
      : [
          `  ${[columns.sex, columns.ageBand, columns.centre, columns.subtype, columns.patients].join(' | ')}`,
          ...rows.map((row) => `  ${row}`),
        ]),
  ];
}

/** The README's text (lines end with CRLF, so that every editor shows them). */
export function readmeText(input: ReadmeInput): string {
  const { texts } = input;
  const filters = Object.entries(input.filters);
  const lines = [
    heading(texts.title),
    '',
    ...(input.identified ? [`!!! ${texts.identified}`, `!!! ${texts.identifiedWarning}`, ''] : []),
    `${texts.requestedBy}: ${input.requestedBy}`,
    `${texts.requestedAt}: ${input.requestedAt}`,
    `${texts.purpose}: ${input.purpose}`,
    '',
    `${texts.filters}:`,
    ...(filters.length === 0
      ? [`  ${texts.noFilters}`]
      : filters.map(([name, value]) => `  ${name}: ${value}`)),
    '',
    `${texts.options}:`,
    `  ${input.identified ? texts.identified : texts.deidentified}`,
    `  ${datesLine(input)}`,
    `  ${input.freeText ? texts.freeTextIncluded : texts.freeTextLeftOut}`,
    `  ${texts.studyKey}: ${input.studyKey}`,
    `  ${texts.pseudonyms}`,
    `  ${texts.language}: ${input.language}`,
    '',
    `${texts.files}:`,
    ...input.files.map((file) => {
      const table = file.replace(/\.csv$/, '') as keyof DatasetRows;
      const rows =
        file.endsWith('.csv') && table in input.rows ? ` (${input.rows[table]} ${texts.rows})` : '';
      return `  ${file}${rows}: ${texts.fileDescriptions[file] ?? ''}`;
    }),
    '',
    texts.endpoints,
    '',
    texts.howToRead,
    '',
    ...disclosureLines(input),
    '',
  ];
  return lines.join('\r\n');
}
