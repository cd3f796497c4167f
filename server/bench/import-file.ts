import { xlsxOf } from '../src/imports/read/fixtures/xlsx-parts.ts';

/**
 * The import benchmark's file: `rows` patients of a hospital, one a row, by 60 columns named as the
 * codebook names them (CONTRACT §14, §15) — demography, the first diagnostic, karyotype and markers, two
 * samples, two treatments (the first with two drugs and its response, MRD included), a lab report, the
 * death or the last contact — as a Spanish coordinator writes them: Spanish words for sex, yes and no,
 * day/month/year dates, free text. One row in a hundred holds an impossible date and is refused. The same
 * rows as an XLSX (shared strings, date cells, numbers) or a CSV (UTF-8, semicolons, decimal commas).
 */

/** A cell: text, a number, or a date (as a day of the calendar). */
type Cell = string | number | { readonly date: Date } | null;

const SUBTYPES = ['AML M0', 'AML M1', 'AML M2', 'AML M4', 'AML M5'];
const SCHEMES = ['7+3 AraC + IDA', '7+3 AraC + DNR', 'Venetoclax + Azacitidina', 'FLAG-Ida'];
const RESPONSES = ['RC', 'RCi', 'RP', 'NR'];
const DAY = 86_400_000;

/** The file's columns, each with how a patient's row fills it. */
function columnsOf(): readonly (readonly [string, (p: PatientFacts) => Cell])[] {
  const at = (days: number) => (p: PatientFacts) => ({ date: new Date(p.dx.getTime() + days * DAY) });
  const yes = (value: boolean) => (value ? 'Sí' : 'No');
  const marker = (name: string, every: number): (readonly [string, (p: PatientFacts) => Cell])[] => [
    [name, (p) => (p.n % every === 0 ? 'positive' : 'negative')],
    [`${name}_vaf`, (p) => (p.n % every === 0 ? 5 + (p.n % 40) + 0.5 : null)],
  ];
  return [
    ['identification', (p) => `HC-${String(p.n + 1).padStart(6, '0')}`],
    // A different day for each of 20,000 patients: no two rows are possible duplicates of each other.
    ['birth_date', (p) => ({ date: new Date(Date.UTC(1935, 0, 1) + ((p.n * 7919) % 20_000) * DAY) })],
    ['sex', (p) => (p.n % 2 ? 'Masculino' : 'Femenino')],
    ['ecog', (p) => p.n % 5],
    ['medical_history', (p) => (p.n % 3 ? `HTA, DBT tipo ${1 + (p.n % 2)}` : 'Sin antecedentes')],
    ['dx_date', (p) => (p.bad ? '31/02/2020' : { date: p.dx })],
    ['dx_secondary', (p) => (p.n % 7 ? 'Inicial' : 'Secundario')],
    ['dx_secondary_description', (p) => (p.n % 7 ? null : 'Tras síndrome mielodisplásico')],
    ['dx_subtype', (p) => SUBTYPES[p.n % SUBTYPES.length] ?? null],
    ['organ_failures', (p) => (p.n % 9 ? null : 'Renal')],
    ['fitness', (p) => (p.n % 4 ? 'Fit' : 'Unfit')],
    ['relapse', (p) => yes(p.relapse)],
    ['relapse_date', (p) => (p.relapse ? at(300)(p) : null)],
    ['dx_risk', (p) => ['Bajo', 'Medio', 'Alto'][p.n % 3] ?? null],
    ['consent', () => 'Sí'],
    ['consent_date', at(1)],
    ['wbc_dx', (p) => 1 + ((p.n * 37) % 2000) / 10],
    ['marrow_blasts_dx', (p) => 20 + (p.n % 75)],
    ['karyotype', (p) => (p.n % 5 ? '46,XX[20]' : '46,XY,t(8;21)(q22;q22)[20]')],
    ['karyotype_result', (p) => (p.n % 5 ? 'normal' : 'abnormal')],
    ['runx1_runx1t1', (p) => (p.n % 5 ? 'negative' : 'positive')],
    ['cbfb_myh11', () => 'negative'],
    ...marker('npm1', 3),
    ...marker('flt3_itd', 4),
    ...marker('tp53', 11),
    ['idh1', (p) => (p.n % 13 ? 'negative' : 'positive')],
    ['idh2', (p) => (p.n % 17 ? 'negative' : 'positive')],
    ['dnmt3a', (p) => (p.n % 6 ? 'negative' : 'positive')],
    ['risk_level', (p) => ['Bajo', 'Medio', 'Alto'][(p.n + 1) % 3] ?? null],
    ['sample_1_type', () => 'MO'],
    ['sample_1_date', at(2)],
    ['sample_2_type', () => 'SP'],
    ['sample_2_date', at(30)],
    ['treatment_1_scheme', (p) => SCHEMES[p.n % SCHEMES.length] ?? null],
    ['treatment_1_start_date', at(5)],
    ['treatment_1_toxicities', (p) => (p.n % 3 ? 'Neutropenia febril' : null)],
    ['treatment_1_clinical_monitoring', () => 'Controles semanales'],
    ['treatment_1_drug_1_name', () => 'Citarabina'],
    ['treatment_1_drug_1_dose', () => '200 mg/m2'],
    ['treatment_1_drug_1_start_date', at(5)],
    ['treatment_1_drug_1_last_date', at(11)],
    ['treatment_1_drug_2_name', () => 'Idarrubicina'],
    ['treatment_1_drug_2_dose', () => '12 mg/m2'],
    ['response_1_category', (p) => RESPONSES[p.n % RESPONSES.length] ?? null],
    ['response_1_date', at(40)],
    ['response_1_medulogram', (p) => `${p.n % 20}% blastos`],
    ['response_1_mrd_status', (p) => (p.n % 3 ? 'negative' : 'positive')],
    ['response_1_mrd_method', () => 'flow'],
    ['response_1_mrd_blasts', (p) => Math.round((p.n % 100) / 10) / 100],
    ['treatment_2_scheme', (p) => (p.n % 2 ? 'Azacitidina' : null)],
    ['treatment_2_start_date', (p) => (p.n % 2 ? at(90)(p) : null)],
    ['lab_report_1_name', () => 'Citogenética'],
    ['lab_report_1_content', (p) => `Cariotipo en ${20 - (p.n % 3)} metafases, sin otras alteraciones`],
    ['lab_report_1_date', at(3)],
    ['death_date', (p) => (p.dead ? at(700)(p) : null)],
    ['death_cause', (p) => (p.dead ? 'Sepsis' : null)],
    ['last_contact_date', (p) => (p.dead ? null : at(600)(p))],
  ];
}

interface PatientFacts {
  readonly n: number;
  readonly dx: Date;
  readonly relapse: boolean;
  readonly dead: boolean;
  readonly bad: boolean;
}

function patientFacts(n: number): PatientFacts {
  return {
    n,
    dx: new Date(Date.UTC(2015 + (n % 8), (n * 5) % 12, 1 + ((n * 3) % 28))),
    relapse: n % 3 === 0,
    dead: n % 5 === 0,
    bad: n % 100 === 99,
  };
}

/** The benchmark's file: its header and rows, for `rows` patients. */
export function importTable(rows: number): { headers: string[]; rows: Cell[][] } {
  const columns = columnsOf();
  return {
    headers: columns.map(([name]) => name),
    rows: Array.from({ length: rows }, (_, n) => {
      const facts = patientFacts(n);
      return columns.map(([, fill]) => fill(facts));
    }),
  };
}

const dmy = (date: Date) => `${date.getUTCDate()}/${date.getUTCMonth() + 1}/${date.getUTCFullYear()}`;
const excelSerial = (date: Date) => (date.getTime() - Date.UTC(1899, 11, 30)) / DAY;

/** The file as a CSV: UTF-8, semicolons, day/month/year dates and decimal commas. */
export function importCsv(rows: number): Buffer {
  const table = importTable(rows);
  const text = (cell: Cell) => {
    if (cell === null) {
      return '';
    }
    if (typeof cell === 'object') {
      return dmy(cell.date);
    }
    if (typeof cell === 'number') {
      return String(cell).replace('.', ',');
    }
    return /[;"]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  };
  const lines = [table.headers.join(';'), ...table.rows.map((row) => row.map(text).join(';'))];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The file as an XLSX: shared strings, dates as date cells, numbers as numbers. */
export function importXlsx(rows: number): Buffer {
  const table = importTable(rows);
  const strings = new Map<string, number>();
  const shared = (text: string) => {
    let index = strings.get(text);
    if (index === undefined) {
      index = strings.size;
      strings.set(text, index);
    }
    return `<c t="s"><v>${index}</v></c>`;
  };
  const xmlOf = (cell: Cell) => {
    if (cell === null) {
      return '<c/>';
    }
    if (typeof cell === 'object') {
      return `<c s="1"><v>${excelSerial(cell.date)}</v></c>`;
    }
    return typeof cell === 'number' ? `<c><v>${cell}</v></c>` : shared(cell);
  };
  const xml = [table.headers, ...table.rows].map(
    (row, index) => `<row r="${index + 1}">${row.map(xmlOf).join('')}</row>`,
  );
  return xlsxOf({
    sheets: [{ name: 'Pacientes', rows: xml.join('') }],
    sharedStrings: [...strings.keys()],
    styles: [0, 14],
  });
}
