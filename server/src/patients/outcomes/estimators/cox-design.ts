/**
 * The design matrix of a Cox model from named columns, as R's `model.matrix` builds it for
 * `coxph(Surv(time, status) ~ group + age + …)` with the default treatment contrasts: a numeric column
 * is one column named as the term (`age`); a factor is one 0/1 column per level but the first, the
 * reference, named term and level run together (`groupB`, as R prints it).
 */

/** A factor: one value per patient. */
export interface FactorTerm {
  readonly kind: 'factor';
  readonly name: string;
  readonly values: readonly string[];
  /**
   * The levels in order, the first being the reference. Default: the values present, in ascending
   * code-unit order (R's `factor()` in the C locale). Levels no patient has are left out, as R's
   * `droplevels`, so that an empty level neither becomes the reference nor an all-zero column.
   */
  readonly levels?: readonly string[];
}

/** A number per patient, taken as it is (e.g. the whole years of age at diagnosis). */
export interface NumericTerm {
  readonly kind: 'numeric';
  readonly name: string;
  readonly values: readonly number[];
}

export type DesignTerm = FactorTerm | NumericTerm;

/** One column of the design and the coefficient it gets. */
export interface DesignColumn {
  readonly term: string;
  /** The factor level this column stands for; `null` for a numeric term. */
  readonly level: string | null;
  /** R's name of the coefficient: the term, followed by the level for a factor. */
  readonly name: string;
}

/** How a term entered the design. */
export interface DesignTermSummary {
  readonly term: string;
  /** A factor's reference level (the first present); `null` for a numeric term. */
  readonly reference: string | null;
  /** A factor's levels present, reference first; a factor with one level gets no column. */
  readonly levels: readonly string[] | null;
}

export interface Design {
  readonly columns: readonly DesignColumn[];
  readonly terms: readonly DesignTermSummary[];
  /** How many patients (rows) the design has. */
  readonly patients: number;
  /** One row per patient, in the order of the values given, `columns.length` wide, row after row. */
  readonly matrix: Float64Array;
}

/** Builds the design from the terms, whose values are given patient by patient in the same order. */
export function coxDesign(terms: readonly DesignTerm[]): Design {
  const n = terms[0]?.values.length ?? 0;
  const columns: DesignColumn[] = [];
  const summaries: DesignTermSummary[] = [];
  // What fills the columns: a numeric term its values; a factor a 1 in its level's column, if any.
  const fills: (
    | { column: number; values: readonly number[] }
    | { columns: Map<string, number>; values: readonly string[] }
  )[] = [];
  for (const term of terms) {
    if (term.values.length !== n) {
      throw new RangeError(`Term ${term.name} has ${term.values.length} values for ${n} patients.`);
    }
    if (term.kind === 'numeric') {
      if (!term.values.every(Number.isFinite)) {
        throw new RangeError(`Term ${term.name} needs a finite number for every patient.`);
      }
      fills.push({ column: columns.length, values: term.values });
      columns.push({ term: term.name, level: null, name: term.name });
      summaries.push({ term: term.name, reference: null, levels: null });
      continue;
    }
    const present = new Set(term.values);
    const unknown = [...present].filter((value) => term.levels && !term.levels.includes(value));
    if (unknown.length > 0) {
      throw new RangeError(`Term ${term.name} has values outside its levels: ${unknown.join(', ')}.`);
    }
    const levels = (term.levels ?? [...present].sort()).filter((level) => present.has(level));
    summaries.push({ term: term.name, reference: levels[0] ?? null, levels });
    const byLevel = new Map<string, number>();
    for (const level of levels.slice(1)) {
      byLevel.set(level, columns.length);
      columns.push({ term: term.name, level, name: `${term.name}${level}` });
    }
    fills.push({ columns: byLevel, values: term.values });
  }
  const width = columns.length;
  const matrix = new Float64Array(n * width);
  for (const fill of fills) {
    for (let k = 0; k < n; k++) {
      if ('column' in fill) {
        matrix[k * width + fill.column] = fill.values[k] ?? Number.NaN;
      } else {
        const column = fill.columns.get(fill.values[k] ?? '');
        if (column !== undefined) {
          matrix[k * width + column] = 1;
        }
      }
    }
  }
  return { columns, terms: summaries, patients: n, matrix };
}

/** The design's rows as arrays, one per patient (R's `model.matrix` printed row by row). */
export function designRows(design: Design): number[][] {
  const width = design.columns.length;
  return Array.from({ length: design.patients }, (_, k) =>
    Array.from(design.matrix.subarray(k * width, k * width + width)),
  );
}
