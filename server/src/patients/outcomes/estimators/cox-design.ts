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
  /** One row per patient, in the order of the values given. */
  readonly rows: readonly (readonly number[])[];
}

/** Builds the design from the terms, whose values are given patient by patient in the same order. */
export function coxDesign(terms: readonly DesignTerm[]): Design {
  const n = terms[0]?.values.length ?? 0;
  const columns: DesignColumn[] = [];
  const summaries: DesignTermSummary[] = [];
  const values: (readonly number[])[] = [];
  for (const term of terms) {
    if (term.values.length !== n) {
      throw new RangeError(`Term ${term.name} has ${term.values.length} values for ${n} patients.`);
    }
    if (term.kind === 'numeric') {
      if (!term.values.every(Number.isFinite)) {
        throw new RangeError(`Term ${term.name} needs a finite number for every patient.`);
      }
      columns.push({ term: term.name, level: null, name: term.name });
      summaries.push({ term: term.name, reference: null, levels: null });
      values.push(term.values);
      continue;
    }
    const present = new Set(term.values);
    const unknown = [...present].filter((value) => term.levels && !term.levels.includes(value));
    if (unknown.length > 0) {
      throw new RangeError(`Term ${term.name} has values outside its levels: ${unknown.join(', ')}.`);
    }
    const levels = (term.levels ?? [...present].sort()).filter((level) => present.has(level));
    summaries.push({ term: term.name, reference: levels[0] ?? null, levels });
    for (const level of levels.slice(1)) {
      columns.push({ term: term.name, level, name: `${term.name}${level}` });
      values.push(term.values.map((value) => (value === level ? 1 : 0)));
    }
  }
  const rows = Array.from({ length: n }, (_, patient) =>
    values.map((column) => column[patient] ?? Number.NaN),
  );
  return { columns, terms: summaries, rows };
}
