import { EXPORT_TEXTS, type ExportTexts } from './locales/exports.ts';
import type { Language } from './locales/index.ts';
import {
  type CodebookTable,
  type FieldDeclaration,
  isPlainField,
  RECORD_FIELDS,
  type VariableType,
} from './record-fields.ts';

/** A variable of the codebook as `GET /api/codebook` answers it (CONTRACT §15). */
export interface CodebookVariable {
  readonly name: string;
  readonly label: string;
  readonly table: CodebookTable;
  readonly type: VariableType;
  readonly unit: string | null;
  readonly values: readonly { readonly code: string; readonly label: string }[] | null;
  readonly identifying: boolean;
  readonly derived: boolean;
  readonly derivation: string | null;
}

/** A code's label: the export's, where it has one; else the code as it is stored. */
function codeLabel(field: FieldDeclaration, code: string, texts: ExportTexts): string {
  const kind = field.export;
  if (typeof kind === 'object') {
    return texts.values[kind.code][code] ?? code;
  }
  return kind === 'subtype' ? (texts.values.diagnosis[code] ?? code) : code;
}

/**
 * The variables of the records' fields (`record-fields.ts`) in `language`: each labelled with its
 * export's header, in the records' order. A structured field is described by its own table's variables.
 */
export function recordVariables(language: Language): CodebookVariable[] {
  const texts = EXPORT_TEXTS[language];
  return Object.values(RECORD_FIELDS).flatMap((fields) =>
    Object.values(fields).flatMap((field): CodebookVariable[] =>
      isPlainField(field)
        ? [
            {
              name: field.name,
              label: texts.headers[field.header],
              table: field.table,
              type: field.type,
              unit: field.unit ?? null,
              values: field.values?.map((code) => ({ code, label: codeLabel(field, code, texts) })) ?? null,
              identifying: field.identifying ?? false,
              derived: false,
              derivation: null,
            },
          ]
        : [],
    ),
  );
}
