import type { CodebookTable, CodebookVariable } from '@registry/shared';

/** What the codebook screen filters by: words typed, and one table or all. */
export interface CodebookFilter {
  readonly text: string;
  readonly table: CodebookTable | 'all';
}

/** Lower case, without accents: `Fecha de Óbito` and `fecha de obito` read alike. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** What a variable is found by: its name, its label, and its codes with their labels. */
function searchTextOf(variable: CodebookVariable): string {
  const values = (variable.values ?? []).flatMap((value) => [value.code, value.label]);
  return fold([variable.name, variable.label, ...values].join('\n'));
}

const searchTexts = new WeakMap<CodebookVariable, string>();

/**
 * The variables of the table chosen whose name, label or values hold every word typed (in any case,
 * with or without accents), in the codebook's order.
 */
export function filterVariables(
  variables: readonly CodebookVariable[],
  { text, table }: CodebookFilter,
): CodebookVariable[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  return variables.filter((variable) => {
    if (table !== 'all' && variable.table !== table) {
      return false;
    }
    let searched = searchTexts.get(variable);
    if (searched === undefined) {
      searched = searchTextOf(variable);
      searchTexts.set(variable, searched);
    }
    const haystack = searched;
    return words.every((word) => haystack.includes(word));
  });
}
