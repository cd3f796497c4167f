/**
 * Readers of the Stata and SPSS scripts a dataset carries, for the tests where Stata (never installed
 * here) or PSPP is not at hand: each knows the few commands the generators write, refuses any other
 * line, and answers what the script does to each table — which columns it reads as text or numbers,
 * which labels it gives, which file it saves.
 */

export interface DoTable {
  readonly file: string;
  readonly stringCols: number[];
  readonly numericCols: number[];
  readonly variableLabels: Record<string, string>;
  readonly valueLabels: Record<string, Record<number, string>>;
  /** A code variable's codes and the numbers they become. */
  readonly recoded: Record<string, Record<string, number>>;
  readonly labelValues: Record<string, string>;
  readonly dates: string[];
  saved: string | null;
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';

/** Reads a do-file as `stataScript` writes it; throws on a line it does not know. */
export function parseDoFile(text: string): { tables: DoTable[] } {
  const tables: DoTable[] = [];
  let table: DoTable | null = null;
  let pendingCodes: Record<string, number> = {};
  const current = (): DoTable => {
    if (!table) {
      throw new Error('a command before any import');
    }
    return table;
  };
  const numbers = (list: string | undefined) => (list ? list.split(' ').map(Number) : []);
  /** Each line the generator writes, and what it does. */
  const rules: [RegExp, (match: RegExpExecArray) => void][] = [
    [/^$|^\*|^version 14$|^clear$|^compress$/, () => undefined],
    [
      /^import delimited using "([^"]+)", clear varnames\(1\) case\(preserve\) encoding\("utf-8"\) delimiters\(","\) bindquote\(strict\)(?: stringcols\(([\d ]+)\))?(?: numericcols\(([\d ]+)\))?$/,
      (match) => {
        table = {
          file: match[1] ?? '',
          stringCols: numbers(match[2]),
          numericCols: numbers(match[3]),
          variableLabels: {},
          valueLabels: {},
          recoded: {},
          labelValues: {},
          dates: [],
          saved: null,
        };
        tables.push(table);
      },
    ],
    [
      new RegExp(`^label define (${NAME}) (.*), replace$`),
      (match) => {
        const labels: Record<number, string> = {};
        for (const pair of (match[2] ?? '').matchAll(/(-?\d+) `"(.*?)"'/g)) {
          labels[Number(pair[1])] = pair[2] ?? '';
        }
        current().valueLabels[match[1] ?? ''] = labels;
      },
    ],
    [
      new RegExp(`^generate long _new = date\\((${NAME}), "YMD"\\)$`),
      (match) => current().dates.push(match[1] ?? ''),
    ],
    [
      /^generate int _new = \.$/,
      () => {
        pendingCodes = {};
      },
    ],
    [
      new RegExp(`^replace _new = (\\d+) if (${NAME}) == \`"(.*)"'$`),
      (match) => {
        pendingCodes[match[3] ?? ''] = Number(match[1]);
      },
    ],
    [
      new RegExp(`^order _new, after\\((${NAME})\\)$`),
      (match) => {
        if (Object.keys(pendingCodes).length > 0) {
          current().recoded[match[1] ?? ''] = pendingCodes;
          pendingCodes = {};
        }
      },
    ],
    [
      new RegExp(`^(drop|rename _new) ${NAME}$|^format ${NAME} %tdCCYY-NN-DD$|^label data \`".*"'$`),
      () => current(),
    ],
    [
      new RegExp(`^label values (${NAME}) (${NAME})$`),
      (match) => {
        current().labelValues[match[1] ?? ''] = match[2] ?? '';
      },
    ],
    [
      new RegExp(`^label variable (${NAME}) \`"(.*)"'$`),
      (match) => {
        current().variableLabels[match[1] ?? ''] = match[2] ?? '';
      },
    ],
    [
      /^save "([^"]+)", replace$/,
      (match) => {
        current().saved = match[1] ?? null;
      },
    ],
  ];
  for (const line of text.split('\n')) {
    const rule = rules.find(([pattern]) => pattern.test(line));
    const match = rule?.[0].exec(line);
    if (!rule || !match) {
      throw new Error(`a line the do-file should not hold: ${line}`);
    }
    rule[1](match);
  }
  return { tables };
}

export interface SpsTable {
  readonly file: string;
  readonly variables: { name: string; format: string }[];
  readonly variableLabels: Record<string, string>;
  readonly valueLabels: Record<string, Record<string, string>>;
  saved: string | null;
}

/** The tokens of SPSS syntax: apostrophe strings (with `''` inside), numbers, and slashes. */
function spssTokens(text: string): string[] {
  const tokens: string[] = [];
  const pattern = /'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)|(\/)|(\S+)/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[4] !== undefined) {
      throw new Error(`an unexpected token: ${match[4]}`);
    }
    tokens.push(match[1] !== undefined ? `'${match[1].replaceAll("''", "'")}` : (match[2] ?? match[3] ?? ''));
  }
  return tokens;
}

/** Reads SPSS syntax as `spssScript` writes it; throws on a command it does not know. */
export function parseSpssSyntax(text: string): { tables: SpsTable[] } {
  const lines = text.split('\n');
  const tables: SpsTable[] = [];
  let table: SpsTable | null = null;
  const current = (): SpsTable => {
    if (!table) {
      throw new Error('a command before GET DATA');
    }
    return table;
  };
  /** The lines of a block up to its closing `.` line. */
  const block = (start: number): [string[], number] => {
    const body: string[] = [];
    let index = start;
    while (index < lines.length && lines[index] !== '.') {
      body.push(lines[index] ?? '');
      index++;
    }
    if (index === lines.length) {
      throw new Error(`a command not ended: ${lines[start - 1]}`);
    }
    return [body, index + 1];
  };
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    index++;
    if (line === '' || line.startsWith('*')) {
      continue;
    }
    if (line === 'GET DATA') {
      const [body, next] = block(index);
      index = next;
      const fixed = body.slice(0, 8);
      const file = /^ {2}\/FILE='([^']+)'$/.exec(fixed[1] ?? '')?.[1];
      const expected = [
        '  /TYPE=TXT',
        `  /FILE='${file}'`,
        "  /ENCODING='UTF8'",
        '  /ARRANGEMENT=DELIMITED',
        '  /FIRSTCASE=2',
        "  /DELIMITERS=','",
        `  /QUALIFIER='"'`,
        '  /VARIABLES=',
      ];
      if (!file || fixed.join('\n') !== expected.join('\n')) {
        throw new Error(`GET DATA other than expected: ${fixed.join(' ')}`);
      }
      const variables = body.slice(8).map((entry) => {
        const match = /^ {4}([A-Za-z][A-Za-z0-9_]*) (A\d+|F\d+\.\d+|SDATE10)$/.exec(entry);
        if (!match) {
          throw new Error(`a variable of GET DATA: ${entry}`);
        }
        return { name: match[1] ?? '', format: match[2] ?? '' };
      });
      table = { file, variables, variableLabels: {}, valueLabels: {}, saved: null };
      tables.push(table);
    } else if (line === 'VARIABLE LABELS' || line === 'VALUE LABELS') {
      const [body, next] = block(index);
      index = next;
      const known = new Set(current().variables.map((variable) => variable.name));
      body.forEach((entry, i) => {
        // One entry a line: the first of VARIABLE LABELS without a slash, every other after one.
        const match = /^ {2}(\/?)([A-Za-z][A-Za-z0-9_]*) (.*)$/.exec(entry);
        const slash = line === 'VALUE LABELS' || i > 0 ? '/' : '';
        const name = match?.[2] ?? '';
        if (!match || match[1] !== slash || !known.has(name)) {
          throw new Error(`${line}: an entry other than expected: ${entry}`);
        }
        const values = spssTokens(match[3] ?? '');
        if (line === 'VARIABLE LABELS') {
          if (values.length !== 1 || !values[0]?.startsWith("'")) {
            throw new Error(`VARIABLE LABELS of ${name}: one string`);
          }
          current().variableLabels[name] = values[0].slice(1);
          return;
        }
        if (values.length % 2 !== 0) {
          throw new Error(`VALUE LABELS of ${name}: pairs of a value and a label`);
        }
        const labels: Record<string, string> = {};
        for (let pair = 0; pair < values.length; pair += 2) {
          const value = values[pair] ?? '';
          const label = values[pair + 1] ?? '';
          if (!label.startsWith("'") || value === '/') {
            throw new Error(`VALUE LABELS of ${name}: a value, then its label as a string`);
          }
          labels[value.startsWith("'") ? value.slice(1) : value] = label.slice(1);
        }
        current().valueLabels[name] = labels;
      });
    } else if (/^SAVE OUTFILE='[^']+'\.$/.test(line)) {
      current().saved = /'([^']+)'/.exec(line)?.[1] ?? null;
    } else {
      throw new Error(`a line the syntax should not hold: ${line}`);
    }
  }
  return { tables };
}
