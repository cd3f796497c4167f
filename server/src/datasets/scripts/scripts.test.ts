import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rScript, rString } from './r-script.ts';
import { SAMPLE_LAYOUTS, SAMPLE_TEXTS, sampleFiles } from './sample-layout.ts';
import { parseDoFile, parseSpssSyntax } from './script-parsers.ts';
import { SPSS_RESERVED, SPSS_VALUE_LABEL_MAX, SPSS_VARIABLE_LABEL_MAX, spssScript } from './spss-script.ts';
import { STATA_LABEL_MAX, STATA_NAME_MAX, stataScript } from './stata-script.ts';

const STAMP = '2027-01-15 10:00:00 UTC';
const YES_NO = ['Sí', 'No'] as const;

/** Whether a program answers on this machine (R and PSPP are Debian packages the CI machine has). */
function has(program: string, flag: string): boolean {
  return spawnSync(program, [flag], { stdio: 'ignore' }).status === 0;
}
const hasR = has('Rscript', '--version');

/** The tables of PSPP's CSV output (`-O format=csv`) by title, without their header rows. */
function psppTables(output: string) {
  const found: [string, string[][]][] = output
    .split(/\n(?=Table: )/)
    .map((part) => part.trim())
    .filter((part) => part.startsWith('Table: '))
    .map((part) => {
      const [title = '', ...lines] = part.split('\n');
      const rows = parse(lines.join('\n'), { relax_column_count: true }) as string[][];
      return [title.slice('Table: '.length), rows.slice(1).map((row) => row.map((cell) => cell.trim()))];
    });
  return {
    get: (title: string) => found.find(([name]) => name === title)?.[1],
    getAll: (title: string) => found.filter(([name]) => name === title).map(([, rows]) => rows),
  };
}
const hasPspp = has('pspp', '--version');

describe('the scripts of a dataset, read as text', () => {
  const { widths } = sampleFiles();
  const r = rScript(SAMPLE_LAYOUTS, SAMPLE_TEXTS, STAMP);
  const stata = stataScript(SAMPLE_LAYOUTS, SAMPLE_TEXTS, STAMP, YES_NO);
  const spss = spssScript(SAMPLE_LAYOUTS, widths, SAMPLE_TEXTS, STAMP, YES_NO);

  it('writes R code in ASCII alone, every other character as an escape R reads back', () => {
    for (const line of r.split('\n').filter((text) => !text.startsWith('#'))) {
      expect(line).toMatch(/^[\x20-\x7e]*$/);
    }
    expect(rString('Óbito "x" \\ 😀\n')).toBe('"\\u{00d3}bito \\"x\\" \\\\ \\U{1f600}\\u{000a}"');
    expect(r).toContain('levels = c("male", "female")');
    expect(r).toContain('attr(patients$os_event, "labels") <- c("Censurado" = 0L, "\\u{00d3}bito" = 1L)');
  });

  it('writes a do-file Stata reads: each table imported, typed, labelled and saved, within its limits', () => {
    const parsed = parseDoFile(stata);
    expect(parsed.tables.map((table) => table.file)).toEqual(['patients.csv', 'treatments.csv']);
    for (const [index, table] of parsed.tables.entries()) {
      const layout = SAMPLE_LAYOUTS[index];
      const names = layout?.columns.map((column) => column.name) ?? [];
      // Every column is read as text or as a number, once.
      expect([...table.stringCols, ...table.numericCols].sort((a, b) => a - b)).toEqual(
        names.map((_, i) => i + 1),
      );
      expect(Object.keys(table.variableLabels)).toEqual(names);
      expect(table.saved).toBe(`${layout?.name}.dta`);
      for (const name of [...names, ...Object.keys(table.valueLabels)]) {
        expect(name.length).toBeLessThanOrEqual(STATA_NAME_MAX);
      }
      for (const label of Object.values(table.variableLabels)) {
        expect([...label].length).toBeLessThanOrEqual(STATA_LABEL_MAX);
      }
    }
    const [patients, treatments] = parsed.tables;
    expect(patients?.stringCols).toEqual([1, 2, 4]);
    expect(patients?.valueLabels.sex).toEqual({ 1: 'Masculino', 2: 'Femenino' });
    expect(patients?.recoded.sex).toEqual({ male: 1, female: 2 });
    expect(patients?.valueLabels.os_event).toEqual({ 0: 'Censurado', 1: 'Óbito' });
    expect(patients?.valueLabels.yesno).toEqual({ 0: 'No', 1: 'Sí' });
    expect(patients?.labelValues).toMatchObject({ sex: 'sex', relapse: 'yesno', os_event: 'os_event' });
    expect(patients?.dates).toEqual(['dx_date']);
    // A label's `$` and backquote are escaped, so that Stata expands no macro.
    expect(patients?.variableLabels.age_dx).toBe('Edad "al" diagnóstico, años \\$1 \\`x\\`');
    expect(treatments?.recoded.scheme).toEqual({ '7+3 AraC + IDA': 1, Other: 2 });
  });

  it('writes SPSS syntax: GET DATA with every column, variable and value labels within their limits', () => {
    const parsed = parseSpssSyntax(spss);
    expect(parsed.tables.map((table) => table.file)).toEqual(['patients.csv', 'treatments.csv']);
    for (const [index, table] of parsed.tables.entries()) {
      const layout = SAMPLE_LAYOUTS[index];
      expect(table.variables.map((variable) => variable.name)).toEqual(
        layout?.columns.map((column) => column.name),
      );
      expect(Object.keys(table.variableLabels)).toEqual(layout?.columns.map((column) => column.name));
      expect(table.saved).toBe(`${layout?.name}.sav`);
      for (const variable of table.variables) {
        expect(SPSS_RESERVED).not.toContain(variable.name.toUpperCase());
      }
      for (const label of Object.values(table.variableLabels)) {
        expect(Buffer.byteLength(label)).toBeLessThanOrEqual(SPSS_VARIABLE_LABEL_MAX);
      }
      for (const labels of Object.values(table.valueLabels)) {
        for (const label of Object.values(labels)) {
          expect(Buffer.byteLength(label)).toBeLessThanOrEqual(SPSS_VALUE_LABEL_MAX);
        }
      }
    }
    const [patients, treatments] = parsed.tables;
    expect(patients?.variables).toEqual([
      { name: 'pid', format: 'A16' },
      { name: 'sex', format: 'A6' },
      { name: 'age_dx', format: 'F8.0' },
      { name: 'dx_date', format: 'SDATE10' },
      { name: 'wbc_dx', format: 'F12.4' },
      { name: 'relapse', format: 'F1.0' },
      { name: 'os_event', format: 'F8.0' },
    ]);
    expect(patients?.valueLabels).toEqual({
      sex: { male: 'Masculino', female: 'Femenino' },
      relapse: { 0: 'No', 1: 'Sí' },
      os_event: { 0: 'Censurado', 1: 'Óbito' },
    });
    expect(treatments?.valueLabels.scheme).toEqual({
      '7+3 AraC + IDA': '7+3 AraC + IDA',
      Other: "Otro (l'autre)",
    });
    // A code column is as wide as its longest code, so that every code's label applies.
    expect(treatments?.variables.find((variable) => variable.name === 'scheme')?.format).toBe('A14');
  });
});

describe('the scripts of a dataset, run', () => {
  let folder = '';

  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'registry-dataset-scripts-'));
    const { files, widths } = sampleFiles();
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(path.join(folder, name), text);
    }
    writeFileSync(path.join(folder, 'read_dataset.R'), rScript(SAMPLE_LAYOUTS, SAMPLE_TEXTS, STAMP));
    writeFileSync(
      path.join(folder, 'dataset.sps'),
      spssScript(SAMPLE_LAYOUTS, widths, SAMPLE_TEXTS, STAMP, YES_NO),
    );
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.skipIf(!hasR)(
    'reads every table in R with its types, factors and labels (skipped where Rscript is not installed)',
    () => {
      const probe = [
        'source("read_dataset.R")',
        'p <- patients',
        'cat(class(p$pid), class(p$sex), class(p$age_dx), class(p$dx_date), class(p$wbc_dx), class(p$relapse), class(p$os_event), "\\n", sep = "|")',
        'cat(levels(p$sex), "\\n", sep = "|")',
        'cat(as.character(p$sex), format(p$dx_date), p$relapse, p$os_event, p$wbc_dx, "\\n", sep = "|")',
        'cat(attr(p$age_dx, "label"), names(attr(p$os_event, "labels")), "\\n", sep = "|")',
        'cat(as.character(treatments$scheme), treatments$start_date, "\\n", sep = "|")',
      ].join('\n');
      const output = execFileSync('Rscript', ['-e', probe], { cwd: folder, encoding: 'utf8' }).split('\n');
      expect(output[0]).toBe('character|factor|integer|Date|numeric|logical|integer|');
      expect(output[1]).toBe('Masculino|Femenino|');
      expect(output[2]).toBe(
        'Masculino|Femenino|NA|2021-03-04|2020-12-31|NA|TRUE|FALSE|NA|1|0|NA|12.5|NA|150.25|',
      );
      expect(output[3]).toBe('Edad "al" diagnóstico, años $1 `x`|Censurado|Óbito|');
      expect(output[4]).toBe("7+3 AraC + IDA|Otro (l'autre)|NA|2|-1|NA|");
    },
  );

  it.skipIf(!hasPspp)(
    'reads every table in GNU PSPP with its formats and labels (skipped where GNU PSPP is not installed)',
    () => {
      const run = spawnSync('pspp', ['-O', 'format=txt', 'dataset.sps'], { cwd: folder, encoding: 'utf8' });
      expect(run.status, run.stdout + run.stderr).toBe(0);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/error|warning/i);
      writeFileSync(
        path.join(folder, 'check.sps'),
        [
          "GET FILE='patients.sav'.",
          'DISPLAY DICTIONARY.',
          'LIST.',
          "GET FILE='treatments.sav'.",
          'LIST.',
        ].join('\n'),
      );
      const check = spawnSync('pspp', ['-O', 'format=csv', 'check.sps'], { cwd: folder, encoding: 'utf8' });
      expect(check.status, check.stdout + check.stderr).toBe(0);
      const tables = psppTables(check.stdout);
      expect(tables.get('Variables')?.map((row) => [row[0], row[2], row[7]])).toEqual([
        ['pid', 'Identificador seudónimo', 'A16'],
        ['sex', 'Sexo', 'A6'],
        ['age_dx', 'Edad "al" diagnóstico, años $1 `x`', 'F8.0'],
        ['dx_date', 'Fecha del diagnóstico', 'SDATE10'],
        ['wbc_dx', 'Leucocitos', 'F13.4'],
        ['relapse', 'Recaída', 'F1.0'],
        ['os_event', 'Supervivencia global: evento', 'F8.0'],
      ]);
      expect(tables.get('Value Labels')?.map((row) => row.slice(1))).toEqual([
        ['female', 'Femenino'],
        ['male', 'Masculino'],
        ['0', 'No'],
        ['1', 'Sí'],
        ['0', 'Censurado'],
        ['1', 'Óbito'],
      ]);
      expect(tables.getAll('Data List')).toEqual([
        [
          ['4c4197851adcf7ee', 'male', '63', '2021/03/04', '12.5000', '1', '1'],
          ['0000000000000001', 'female', '90', '2020/12/31', '.', '0', '0'],
          ['398551667b7f69de', '', '.', '.', '150.2500', '.', '.'],
        ],
        [
          ['4c4197851adcf7ee', '1', '7+3 AraC + IDA', '2'],
          ['4c4197851adcf7ee', '2', 'Other', '-1'],
          ['0000000000000001', '1', '', '.'],
        ],
      ]);
    },
  );
});
