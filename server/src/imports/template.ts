import type { Readable } from 'node:stream';
import {
  CODEBOOK_DECLARATIONS,
  codebookVariable,
  type ImportVariable,
  importVariable,
  importVariableLabel,
  importVariableName,
  importWrites,
  type Language,
} from '@registry/shared';
import { xlsxWorkbook } from '../patients/index.ts';
import { messageText } from './messages.ts';
import { slotOf } from './slots.ts';

/**
 * The import's template (CONTRACT §14), in the caller's language: a Patients sheet whose headers are
 * the variables' labels (which the upload's guess reads back), one column per variable a row may
 * write — the patient's own, its first diagnostic's and genetics', and the first sample, treatment,
 * response, drug and lab report — then a sheet of the variables (name, label, type, unit) and one of
 * the allowed values of each coded variable.
 */

/** The variables of the template, in the codebook's order; Code OP only for an admin. */
export function templateVariables(admin: boolean): ImportVariable[] {
  const names: string[] = [];
  for (const declaration of CODEBOOK_DECLARATIONS) {
    const { table, name } = declaration;
    if (name === 'order' || name === 'pid' || name === 'treatment_order') {
      continue;
    }
    switch (table) {
      case 'patients':
        names.push(name);
        break;
      case 'treatments':
        names.push(importVariableName('treatment', name, 1));
        break;
      case 'responses':
        names.push(importVariableName('response', name, 1));
        break;
      case 'drugs':
        names.push(importVariableName('drug', name, 1, 1));
        break;
      case 'samples':
        names.push(importVariableName('sample', name, 1));
        break;
      case 'lab_reports':
        names.push(importVariableName('labReport', name, 1));
        break;
      default:
        break;
    }
  }
  return names.flatMap((name) => {
    const variable = importVariable(name);
    return variable && slotOf(variable) && importWrites(variable, admin) === 'write' ? [variable] : [];
  });
}

/** The template's workbook in a language. */
export function importTemplate(language: Language, admin: boolean): Readable {
  const text = (key: string) => messageText(language, `importSheet.${key}`);
  const variables = templateVariables(admin).map((variable) => {
    const described = codebookVariable(variable.declaration.table, variable.declaration.name, language);
    return {
      variable,
      label: importVariableLabel(variable, described?.label ?? variable.name, language),
      values: described?.values ?? null,
    };
  });
  const once = <T>(rows: T[][]) =>
    (async function* () {
      yield rows;
    })();
  return xlsxWorkbook(
    [
      {
        name: text('patients'),
        columns: variables.map(({ label }) => ({
          header: label,
          width: Math.min(40, Math.max(14, label.length + 3)),
        })),
        rows: () => once([]),
      },
      {
        name: text('variables'),
        columns: [
          { header: text('label'), width: 48 },
          { header: text('variable'), width: 32 },
          { header: text('type'), width: 16 },
          { header: text('unit'), width: 10 },
        ],
        rows: () =>
          once(
            variables.map(({ variable, label }) => [
              label,
              variable.name,
              text(`types.${variable.declaration.type}`),
              variable.declaration.unit ?? null,
            ]),
          ),
      },
      {
        name: text('values'),
        columns: [
          { header: text('label'), width: 48 },
          { header: text('codeLabel'), width: 40 },
          { header: text('code'), width: 24 },
        ],
        rows: () =>
          once(
            variables.flatMap(({ label, values }) =>
              (values ?? []).map((value) => [label, value.label, value.code]),
            ),
          ),
      },
    ],
    { dateFormat: language === 'es' ? 'dd/mm/yyyy' : 'yyyy-mm-dd', timestampFormat: 'yyyy-mm-dd hh:mm' },
  );
}
