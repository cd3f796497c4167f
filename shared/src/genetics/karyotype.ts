import type { KaryotypeCode } from './markers.ts';
import { EXCLUDED_BY_COMPLEX, KARYOTYPE_CODES, REARRANGEMENTS } from './markers.ts';

/**
 * A small, pure reader of karyotypes written in ISCN 2020 (its short system, as AML reports write it),
 * that says what a karyotype implies for the ELN 2022 genetic risk (CONTRACT §10 and its "Reading,
 * revised (2026-11-29)", docs/product-rules.md#genetics-and-eln-2022).
 *
 * Sources:
 * - ISCN 2020: An International System for Human Cytogenomic Nomenclature (McGowan-Jordan J, Hastings RJ,
 *   Moore S, eds.; Karger 2020): the short system, `add` (§ 9.2.2: `add(X)(band)` is additional material
 *   of unknown origin, the same abnormality as `der(X)t(X;?)(band;?)`), `dic`, whole-arm `der(a;b)(p10;q10)`
 *   and `i`, `idem`/`sl`/`sdl` and polyploid sidelines (`idemx2`, § 11.1.5), composite (`cp`) and
 *   questionable (`?`, `~`) abnormalities, the ploidy levels (near-triploid 58–80, near-tetraploid 81–103)
 *   and the FISH nomenclature (`nuc ish`, `con`, `sep`, `x1`, `[n/total]`, § 14).
 * - Döhner H, et al. Diagnosis and management of AML in adults: 2022 ELN recommendations. Blood
 *   2022;140(12):1345–1377, Table 6 and its footnotes: the bands of the rearrangements (t(v;11q23.3),
 *   t(3q26.2;v), inv(3)(q21.3q26.2)), −5 or del(5q), −7, −17/abn(17p), complex (**: ≥ 3 unrelated
 *   abnormalities without class-defining ones; hyperdiploid karyotypes of trisomies excluded) and
 *   monosomal (††) karyotypes.
 *
 * It reads: cell lines separated by `/`, each `count,sex,abnormality,…[cells]` with a count or a range
 * (`45~48`, an optional `<3n>`), the sex chromosomes, cell counts `[20]`, composite `[cp10]` and
 * non-clonal `[nc]` lines (read, not counted), subclones through `idem`, `sl`, `sdl`, `sdl1`… and their
 * polyploid forms (`idemx2`); numerical abnormalities (`+8`, `-7`, `-Y`, `+8x2`), constitutional ones
 * (`+21c`, `…c`, not counted as abnormalities), markers (`+mar`, `+2mar`, `+1~3mar`, `+mar1`), double
 * minutes, structural abnormalities with their breakpoints, the arm shorthand (`del(5q)`, `i(17q)`), the
 * recurrent rearrangements by name alone (`t(8;21)`, `inv(16)`), and the common FISH results after the
 * karyotype (`.nuc ish …`). Case, spaces and typographic signs do not matter; messages quote the text as
 * it was typed.
 *
 * Unread is unknown, never negative: each finding is true (shown), false (the part the reader read could
 * show it and does not) or null (a part that could show it was left unread or is questionable):
 * - a questionable abnormality (`?inv(3)(q21q26.2)`, a breakpoint range `q13~q15`) makes each finding it
 *   would show unknown; it still counts as an abnormality, and a complex or monosomal karyotype that
 *   needs it is unknown;
 * - additional material at a band of a rearrangement of the table (`add(11)(q23)`, `add(3)(q26.2)`,
 *   or `der(11)t(11;?)(q23;?)`, the same abnormality) cannot prove or exclude it: unknown;
 * - a FISH part is read (below) or makes every rearrangement and −5/−7/−17 finding unknown.
 * Counts agree: a line whose chromosome count differs from 46 (or 69, 92 at its ploidy, or the count of
 * the line it refers to) by other than its gains and losses, allowing for markers (`+1~3mar`), double
 * minutes (not counted), constitutional gains, dicentrics and whole-arm derivatives (one chromosome
 * fewer), ranged counts and composite lines (not checked), is not read.
 * Arms lost in derivatives: `del`, `add`, the derivative of an unbalanced translocation `der(x)t(x;y)`
 * (x loses what lies beyond its breakpoint), `dic(a;b)` (each loses what lies beyond its breakpoint),
 * whole-arm `der(a;b)(p10;q10)` and `i(x)(q10)` (each keeps the named arm and loses the other), `idic`
 * and rings: loss of 5q is `-5/del(5q)`; loss of 17p, or any breakpoint in 17p, is `-17/abn(17p)`; −7 is
 * the loss of a whole chromosome 7 only. A gained derivative (`+der(…)`) loses nothing.
 * Bands are precise: KMT2A is 11q23.3 or an undivided 11q23 (`t(11;17)(q23.2;q21.2)` is ZBTB16::RARA, no
 * KMT2A rearrangement), MECOM 3q26.2 or an undivided 3q26, GATA2 3q21.3 or an undivided 3q21.
 * FISH read: split signals (`sep`) of KMT2A, CBFB and MECOM probes; fusion signals (`con`, `fus`) of
 * PML::RARA, RUNX1::RUNX1T1, BCR::ABL1, CBFB::MYH11 and MLLT3::KMT2A; one copy of EGR1, D5S23 or D5S721
 * (del(5q)), of D7S486 with D7Z1 (−7; D7S486 alone is a 7q deletion, no −7) or of TP53 (abn(17p)); the
 * normal signal patterns of those probes are negatives; each in a proportion of nuclei above the cut-off
 * when the text gives one (`cut-off 5%`). A KMT2A split whose partner the karyotype does not show leaves
 * `MLLT3::KMT2A` and `KMT2A-r` both unknown (see `resolveMarkers`). Any other probe is unread.
 *
 * It counts each distinct acquired abnormality once across the whole karyotype: a subclone written
 * with `idem` repeats its stemline's abnormalities, which are not counted again; numerical changes are
 * the net copy number of each chromosome in each cell line. Then, as ELN 2022 defines them:
 * - complex: ≥ 3 abnormalities and none of the class-defining rearrangements (every rearrangement
 *   code, by the text or its FISH), unless the karyotype is hyperdiploid with ≥ 3 trisomies or
 *   polysomies and no structural abnormality (markers, rings and double minutes are structural);
 * - monosomal: ≥ 2 distinct autosomal monosomies, or one with ≥ 1 structural abnormality, outside the
 *   core-binding-factor leukaemias; loss of X or Y is no monosomy (but is an abnormality).
 *
 * What it cannot read it says so (`parsed: false`, a message key with its parameters for the screen and
 * the server's answer, and a technical detail in English) and implies nothing.
 */

/** One abnormality as the reader understood it, for the screen: what it shows and leaves unknown. */
export interface ReadPart {
  /** The abnormality as it was typed (the first time it appears). */
  text: string;
  /** The findings it shows. */
  shows: KaryotypeCode[];
  /** The findings it could show but leaves undecided (questionable, `add` at a band of the table…). */
  unknown: KaryotypeCode[];
}

/** What the reader says about one karyotype text. */
export interface KaryotypeReading {
  /** Whether the text was read; false for no text too. */
  parsed: boolean;
  /** A message key (`karyotype.…`) when a text was given and could not be read. */
  message: string | null;
  /** The message's parameters: the line, the text as typed, the count… */
  params: Record<string, string>;
  /** Where reading failed, in English, for the logs and the tests. */
  detail: string | null;
  /** The number of distinct acquired abnormalities. */
  abnormalities: number;
  /** The distinct abnormalities, as the reader counted them (canonical ISCN, markers with their number). */
  items: string[];
  /** Each abnormality and FISH result, as typed, with what it shows and leaves unknown. */
  parts: ReadPart[];
  /** Each rearrangement and karyotype finding: true, false, or null (unknown); empty when not read. */
  findings: Partial<Record<KaryotypeCode, boolean | null>>;
  /** The parts of the text left unread (as typed): they make the findings they could show unknown. */
  unread: string[];
  /** The sex chromosomes as the first cell line writes them (`XX`, `XY`, `X`), or null. */
  sexChromosomes: string | null;
  /** Whether an acquired gain, loss or structural change of X or Y is written. */
  sexChromosomeAbnormal: boolean;
}

/**
 * The longest karyotype text the registry keeps and reads (CONTRACT §10). A longer text is refused
 * before any of it is read, so no request can make the reader work on more than this.
 */
export const KARYOTYPE_MAX = 500;

/** The message of a text that could not be read, when no more precise one applies. */
export const KARYOTYPE_UNREADABLE = 'genetics.karyotypeUnreadable';

/** Every message key of the reader (shared/src/locales, `karyotype.*`). */
export const KARYOTYPE_MESSAGES = [
  'tooLong',
  'emptyLine',
  'countFirst',
  'notCount',
  'sexFirst',
  'noEarlierLine',
  'notCellCount',
  'cannotRead',
  'noChromosome',
  'bandsMismatch',
  'notBreakpoint',
  'needsBreakpoints',
  'countMismatch',
  'gainAndLoss',
] as const;
export type KaryotypeMessage = (typeof KARYOTYPE_MESSAGES)[number];

class Unreadable extends Error {
  constructor(
    readonly key: KaryotypeMessage,
    readonly params: Record<string, string>,
    detail: string,
  ) {
    super(detail);
  }
}

interface Chromosome {
  /** `1`…`22`, `X`, `Y`, or `?` for an unknown one. */
  id: string;
  /** The arm of the shorthand `del(5q)`, else null. */
  arm: 'p' | 'q' | null;
}

interface Descriptor {
  abbr: string;
  chromosomes: Chromosome[];
  /** The bands of each chromosome, in order, or null when no breakpoints are written. */
  bands: string[][] | null;
}

interface Structural {
  key: string;
  /** As typed. */
  text: string;
  /** Questionable: `?` before it. */
  uncertain: boolean;
  /** A breakpoint written as a range (`q13~q15`): its arm is known, its precise band is not. */
  ranged: boolean;
  /** Gained (`+der(…)`, `+i(…)`, `+mar1`): adds to the count and loses nothing. */
  gained: number;
  /** Chromosomes it takes away from the count: one for a dicentric or a whole-arm derivative. */
  merged: number;
  descriptors: Descriptor[];
}

type Item =
  | { kind: 'numerical'; chromosome: string; change: number; text: string }
  | { kind: 'constitutional'; change: number }
  | { kind: 'markers'; min: number; max: number; text: string }
  | { kind: 'structural'; structural: Structural };

interface CellLine {
  number: number;
  count: [number, number];
  /** The count as typed. */
  countText: string;
  ploidy: number | null;
  sex: string | null;
  reference: string | null;
  /** `idemx2`: the referenced line doubled. */
  multiplier: number;
  nonClonal: boolean;
  composite: boolean;
  items: Item[];
}

/** What a cell line has once its references are followed. */
interface LineState {
  sex: string | null;
  count: [number, number];
  net: Map<string, number>;
  structural: Map<string, Structural>;
  markers: number;
}

/** The text, folded for reading, with where each of its characters was typed. */
interface Source {
  original: string;
  text: string;
  from: number[];
  to: number[];
}

/** The piece of the text as typed that the folded range [start, end) comes from, short. */
function typed(source: Source, start: number, end: number): string {
  if (end <= start) {
    return '';
  }
  return short(source.original.slice(source.from[start], source.to[end - 1]).trim());
}

/** A piece of text as a message quotes it: at most 40 characters. */
function short(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

const STRUCTURAL_ABBR = 'idic|ider|dic|der|del|dup|add|inv|ins|hsr|trp|qdp|fis|tas|rob|trc|t|i|r';
// Sticky: each descriptor is read where the last one ended, without copying the rest of the token.
const DESCRIPTOR = new RegExp(`(${STRUCTURAL_ABBR})\\(([^()]*)\\)(?:\\(([^()]*)\\))?`, 'y');
const CHROMOSOME = /^(\d{1,2}|x|y|\?)([pq])?$/;
const COUNT = /^(\d{1,3})(?:[~-](\d{1,3}))?(?:<(\d)n>)?$/;
const SEX = /^([xy]{1,8})(c?)$/;
const REFERENCE = /^(idem|sl|sdl\d{0,2})(?:x(\d))?$/;
const NUMERICAL = /^([+-])(\d{1,2}|x|y)(?:x(\d))?(c?)$/;
const MARKERS = /^\+(\d{1,2})?(?:~(\d{1,2}))?mar(\d{0,2})(?:x(\d))?$/;
const DMIN = /^\+?(?:\d{1,3}(?:~\d{1,3})?)?dmin$/;
const NON_CLONAL = /^\d{0,4}nc\d{0,4}$/;
const CELL_COUNT = /^(cp)?\d{1,4}$/;
const SPACE = /\s/;

/** Reads a karyotype text; null or blank is no text (`parsed: false` without a message). */
export function readKaryotype(text: string | null | undefined): KaryotypeReading {
  const trimmed = (text ?? '').trim();
  if (trimmed.length > KARYOTYPE_MAX) {
    return unread(
      'karyotype.tooLong',
      { max: String(KARYOTYPE_MAX), length: String(trimmed.length) },
      `the text is longer than ${KARYOTYPE_MAX} characters`,
    );
  }
  return readUnbounded(trimmed);
}

/**
 * The reader without its length limit, for the test that times it on texts far past the limit: every
 * pattern it uses is linear, so that reading time grows with the length, never with its square.
 * @internal
 */
export function readUnbounded(text: string | null | undefined): KaryotypeReading {
  const source = fold(text ?? '');
  if (source.text === '') {
    return unread(null, {}, null);
  }
  try {
    const fishAt = fishStart(source.text);
    const end = withoutTrailingDots(source.text, fishAt ?? source.text.length);
    const lines = parseLines(source, end);
    const fish = fishAt === null ? null : readFish(source, fishAt);
    return summarise(lines, fish);
  } catch (error) {
    if (error instanceof Unreadable) {
      return unread(`karyotype.${error.key}`, error.params, error.message);
    }
    throw error;
  }
}

function unread(
  message: string | null,
  params: Record<string, string>,
  detail: string | null,
): KaryotypeReading {
  return {
    parsed: false,
    message,
    params,
    detail,
    abnormalities: 0,
    items: [],
    parts: [],
    findings: {},
    unread: [],
    sexChromosomes: null,
    sexChromosomeAbnormal: false,
  };
}

/** Non-ASCII characters as they fold (a cache: the same few recur). */
const FOLDED = new Map<string, string>();

/** Lower case, no spaces, ASCII signs, each character remembering where it was typed. */
function fold(original: string): Source {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let index = 0;
  for (const character of original) {
    const next = index + character.length;
    const code = character.charCodeAt(0);
    if (code < 0x80) {
      // ASCII, most of any text: folded without normalizing.
      if (code > 0x20) {
        text += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : character;
        from.push(index);
        to.push(next);
      }
      index = next;
      continue;
    }
    let normalized = FOLDED.get(character);
    if (normalized === undefined) {
      normalized = character.normalize('NFKC').toLowerCase();
      FOLDED.set(character, normalized);
    }
    for (let folded of normalized) {
      if (SPACE.test(folded)) {
        continue;
      }
      if (/[\u2010-\u2015\u2212]/.test(folded)) {
        folded = '-';
      } else if (folded === '\u00d7') {
        folded = 'x';
      } else if (folded === '\u223c' || folded === '\u301c') {
        folded = '~';
      }
      text += folded;
      from.push(index);
      to.push(next);
    }
    index = next;
  }
  return { original, text, from, to };
}

/** Where the FISH part starts (`.ish …`, `.nuc ish …`, `.rev ish …`), found without a pattern. */
function fishStart(text: string): number | null {
  let from = text.indexOf('ish');
  while (from >= 0) {
    for (const prefix of ['.', '.nuc', '.rev']) {
      const start = from - prefix.length;
      if (start >= 0 && text.startsWith(prefix, start)) {
        return start;
      }
    }
    from = text.indexOf('ish', from + 1);
  }
  return null;
}

/** Where the text ends without its trailing periods (a loop: `/\.+$/` is quadratic on a run of them). */
function withoutTrailingDots(text: string, end: number): number {
  let last = end;
  while (last > 0 && text[last - 1] === '.') {
    last -= 1;
  }
  return last;
}

/** The cell lines, each with the offset where it starts in the folded text. */
function parseLines(source: Source, end: number): CellLine[] {
  const lines: CellLine[] = [];
  let start = 0;
  while (start <= end) {
    let stop = source.text.indexOf('/', start);
    if (stop < 0 || stop > end) {
      stop = end;
    }
    lines.push(parseLine(source, start, stop, lines.length + 1));
    start = stop + 1;
  }
  return lines;
}

/** One cell line: `count,sex|reference,abnormality,…[cells]`, from `start` to `stop` in the folded text. */
function parseLine(source: Source, start: number, stop: number, number: number): CellLine {
  const line = String(number);
  const raw = source.text.slice(start, stop);
  if (raw === '') {
    throw new Unreadable('emptyLine', { line }, `cell line ${number} is empty`);
  }
  let body = raw;
  let nonClonal = false;
  let composite = false;
  // The cell count closes the line: found from its end (`/\[([^\]]*)\]$/` is quadratic on a run of `[`).
  const open = body.endsWith(']') ? body.lastIndexOf('[') : -1;
  if (open >= 0) {
    const inside = body.slice(open + 1, -1);
    const cells = CELL_COUNT.exec(inside);
    if (NON_CLONAL.test(inside)) {
      nonClonal = true;
    } else if (cells) {
      composite = cells[1] === 'cp';
    } else {
      const text = typed(source, start + open, stop);
      throw new Unreadable(
        'notCellCount',
        { line, text },
        `cell line ${number}: '${text}' is not a cell count`,
      );
    }
    body = body.slice(0, open);
  }
  const tokens: { text: string; start: number; end: number }[] = [];
  for (let at = 0; at <= body.length; ) {
    const comma = body.indexOf(',', at);
    const end = comma < 0 ? body.length : comma;
    tokens.push({ text: body.slice(at, end), start: start + at, end: start + end });
    at = end + 1;
  }
  const [countToken, secondToken] = [tokens[0], tokens[1]];
  const countMatch = COUNT.exec(countToken?.text ?? '');
  const countText = countToken ? typed(source, countToken.start, countToken.end) : '';
  if (!countMatch) {
    throw new Unreadable(
      'countFirst',
      { line, text: countText },
      `cell line ${number}: the chromosome count must come first, not '${countText}'`,
    );
  }
  const low = Number(countMatch[1]);
  const high = Number(countMatch[2] ?? countMatch[1]);
  for (const value of [low, high]) {
    if (value < 20 || value > 200) {
      throw new Unreadable(
        'notCount',
        { line, text: countText },
        `cell line ${number}: ${value} is not a chromosome count`,
      );
    }
  }
  let sex: string | null = null;
  let reference: string | null = null;
  let multiplier = 1;
  const second = secondToken?.text ?? '';
  const sexMatch = SEX.exec(second);
  const referenceMatch = REFERENCE.exec(second);
  if (sexMatch) {
    sex = (sexMatch[1] ?? '').toUpperCase();
  } else if (referenceMatch) {
    if (number === 1) {
      const text = secondToken ? typed(source, secondToken.start, secondToken.end) : '';
      throw new Unreadable(
        'noEarlierLine',
        { line, text },
        `cell line 1: '${text}' needs an earlier cell line`,
      );
    }
    reference = referenceMatch[1] ?? '';
    multiplier = Number(referenceMatch[2] ?? '1');
  } else {
    throw new Unreadable(
      'sexFirst',
      { line },
      `cell line ${number}: the sex chromosomes (or idem, sl, sdl) must follow the count`,
    );
  }
  const items: Item[] = [];
  for (const token of tokens.slice(2)) {
    const item = parseItem(token.text, typed(source, token.start, token.end), line);
    if (item) {
      items.push(item);
    }
  }
  const ploidy = countMatch[3] ? Number(countMatch[3]) : null;
  return {
    number,
    count: [Math.min(low, high), Math.max(low, high)],
    countText,
    ploidy,
    sex,
    reference,
    multiplier,
    nonClonal,
    composite,
    items,
  };
}

/** One abnormality, or null for what does not count at all (`inc`). */
function parseItem(token: string, text: string, line: string): Item | null {
  if (token === 'inc') {
    return null;
  }
  const numerical = NUMERICAL.exec(token);
  if (numerical) {
    const chromosome = chromosomeId(numerical[2] ?? '', line);
    const copies = Number(numerical[3] ?? '1');
    const change = numerical[1] === '+' ? copies : -copies;
    if (numerical[4] === 'c') {
      return { kind: 'constitutional', change };
    }
    return { kind: 'numerical', chromosome, change, text };
  }
  const markers = MARKERS.exec(token);
  if (markers) {
    const times = Number(markers[4] ?? '1');
    const min = Number(markers[1] ?? '1') * times;
    const max = Number(markers[2] ?? markers[1] ?? '1') * times;
    if (markers[3]) {
      const structural: Structural = {
        key: `+mar${markers[3]}`,
        text,
        uncertain: false,
        ranged: false,
        gained: times,
        merged: 0,
        descriptors: [],
      };
      return { kind: 'structural', structural };
    }
    return { kind: 'markers', min, max: Math.max(min, max), text };
  }
  if (DMIN.test(token)) {
    const structural = {
      key: 'dmin',
      text,
      uncertain: false,
      ranged: false,
      gained: 0,
      merged: 0,
      descriptors: [],
    };
    return { kind: 'structural', structural };
  }
  if (token === '+r') {
    const structural = {
      key: '+r',
      text,
      uncertain: false,
      ranged: false,
      gained: 1,
      merged: 0,
      descriptors: [],
    };
    return { kind: 'structural', structural };
  }
  return parseStructural(token, text, line);
}

function parseStructural(token: string, text: string, line: string): Item | null {
  const unknown = () =>
    new Unreadable('cannotRead', { line, text }, `cell line ${line}: cannot read '${text}'`);
  let rest = token;
  const gained = rest.startsWith('+');
  if (gained) {
    rest = rest.slice(1);
  }
  const uncertain = rest.startsWith('?');
  let ranged = false;
  if (uncertain) {
    rest = rest.slice(1);
  }
  const tail = /\)(c?)(?:x(\d))?$/.exec(rest);
  if (!tail) {
    throw unknown();
  }
  const constitutional = tail[1] === 'c';
  const copies = Number(tail[2] ?? '1');
  const multiplier = tail[2] ? `x${tail[2]}` : '';
  rest = rest.slice(0, tail.index + 1);
  let descriptors: Descriptor[] = [];
  DESCRIPTOR.lastIndex = 0;
  while (DESCRIPTOR.lastIndex < rest.length) {
    const match = DESCRIPTOR.exec(rest);
    if (!match) {
      throw unknown();
    }
    const parsed = parseDescriptor(match[1] ?? '', match[2] ?? '', match[3], text, line);
    ranged ||= parsed.range;
    descriptors.push(parsed.descriptor);
  }
  if (constitutional) {
    return { kind: 'constitutional', change: gained ? copies : 0 };
  }
  if (!uncertain && !ranged) {
    for (const descriptor of descriptors) {
      const missing = missingBreakpoints(descriptor);
      if (missing) {
        throw new Unreadable(
          'needsBreakpoints',
          { line, text },
          `cell line ${line}: '${text}' needs its breakpoints to tell ${missing}`,
        );
      }
    }
  }
  descriptors = asAddition(descriptors);
  const first = descriptors[0];
  // A gained derivative adds a chromosome and takes none away: the normal homologues stay.
  const merged = gained ? 0 : mergedBy(first);
  const written = descriptors.map(writeDescriptor).join('');
  const key = `${gained ? '+' : ''}${uncertain ? '?' : ''}${written}${multiplier}`;
  const structural = { key, text, uncertain, ranged, gained: gained ? copies : 0, merged, descriptors };
  return { kind: 'structural', structural };
}

/** The chromosomes an abnormality takes away from the count: a dicentric or whole-arm derivative joins two. */
function mergedBy(first: Descriptor | undefined): number {
  if (!first) {
    return 0;
  }
  if (first.abbr === 'trc') {
    return 2;
  }
  const joins = first.abbr === 'dic' || first.abbr === 'rob' || first.abbr === 'der';
  return joins && first.chromosomes.length > 1 ? 1 : 0;
}

/** `der(X)t(X;?)(band;?)` is `add(X)(band)` (ISCN 2020): the same abnormality, written one way. */
function asAddition(descriptors: Descriptor[]): Descriptor[] {
  const [der, translocation] = descriptors;
  if (
    descriptors.length !== 2 ||
    der?.abbr !== 'der' ||
    der.bands !== null ||
    der.chromosomes.length !== 1 ||
    translocation?.abbr !== 't' ||
    translocation.bands === null ||
    translocation.chromosomes.length !== 2 ||
    translocation.chromosomes[0]?.id !== der.chromosomes[0]?.id ||
    translocation.chromosomes[1]?.id !== '?'
  ) {
    return descriptors;
  }
  const band = translocation.bands[0] ?? [];
  return [{ abbr: 'add', chromosomes: [{ id: der.chromosomes[0]?.id ?? '?', arm: null }], bands: [band] }];
}

function parseDescriptor(
  abbr: string,
  chromosomePart: string,
  bandPart: string | undefined,
  text: string,
  line: string,
): { descriptor: Descriptor; range: boolean } {
  const chromosomes = chromosomePart.split(';').map((part) => {
    const match = CHROMOSOME.exec(part);
    if (!match) {
      throw new Unreadable(
        'cannotRead',
        { line, text },
        `cell line ${line}: '${short(part)}' in '${text}' is not a chromosome`,
      );
    }
    const arm = (match[2] as 'p' | 'q' | undefined) ?? null;
    return { id: chromosomeId(match[1] ?? '', line), arm };
  });
  if (bandPart === undefined) {
    return { descriptor: { abbr, chromosomes, bands: null }, range: false };
  }
  const parts = bandPart.split(';');
  if (parts.length !== chromosomes.length || chromosomes.some((chromosome) => chromosome.arm)) {
    throw new Unreadable(
      'bandsMismatch',
      { line, text },
      `cell line ${line}: the breakpoints of '${text}' do not match its chromosomes`,
    );
  }
  let range = false;
  const bands = parts.map((part) => {
    const read = readBands(part);
    if (!read) {
      throw new Unreadable(
        'notBreakpoint',
        { line, text },
        `cell line ${line}: '${short(part)}' in '${text}' is not a breakpoint`,
      );
    }
    range ||= read.range;
    return read.bands;
  });
  return { descriptor: { abbr, chromosomes, bands }, range };
}

const isDigit = (character: string | undefined) =>
  character !== undefined && character >= '0' && character <= '9';

/**
 * The bands of one chromosome's breakpoints (`q13q33`, `p11.2`, `pter`, `q2?`, `?`), read a character at
 * a time; whether a range (`q13~q15`, `q13-q15`) makes them uncertain; null when it is no breakpoint.
 */
function readBands(part: string): { bands: string[]; range: boolean } | null {
  const bands: string[] = [];
  let range = false;
  let at = 0;
  while (at < part.length) {
    const character = part[at];
    if (character === 'p' || character === 'q') {
      let end = at + 1;
      if (part.startsWith('ter', end)) {
        end += 3;
      } else {
        const digits = end;
        while (isDigit(part[end]) && end - digits < 2) {
          end += 1;
        }
        if (end > digits && part[end] === '.' && isDigit(part[end + 1])) {
          const decimals = end + 1;
          end += 1;
          while (isDigit(part[end]) && end - decimals < 4) {
            end += 1;
          }
        }
      }
      if (part[end] === '?') {
        end += 1;
      }
      bands.push(part.slice(at, end));
      at = end;
    } else if (part.startsWith('cen', at)) {
      bands.push('cen');
      at += 3;
    } else if (character === '?') {
      bands.push('?');
      at += 1;
    } else if (character === '~' || character === '-') {
      range = true;
      at += 1;
    } else {
      return null;
    }
  }
  return bands.length > 0 ? { bands, range } : null;
}

function chromosomeId(raw: string, line: string): string {
  if (raw === 'x' || raw === 'y') {
    return raw.toUpperCase();
  }
  if (raw === '?') {
    return raw;
  }
  const number = Number(raw);
  if (!Number.isInteger(number) || number < 1 || number > 22 || raw.startsWith('0')) {
    throw new Unreadable(
      'noChromosome',
      { line, text: raw },
      `cell line ${line}: there is no chromosome '${raw}'`,
    );
  }
  return String(number);
}

function writeDescriptor(descriptor: Descriptor): string {
  const chromosomes = descriptor.chromosomes.map((c) => `${c.id}${c.arm ?? ''}`).join(';');
  const bands = descriptor.bands ? `(${descriptor.bands.map((b) => b.join('')).join(';')})` : '';
  return `${descriptor.abbr}(${chromosomes})${bands}`;
}

/** Follows `idem`, `sl` and `sdl` to the cell line they name. */
function referenced(reference: string, index: number, states: LineState[]): LineState {
  let target = 0;
  if (reference === 'sdl') {
    target = index - 1;
  } else if (reference.startsWith('sdl')) {
    target = Number(reference.slice(3));
  }
  const state = states[target];
  if (!state || target >= index) {
    throw new Unreadable(
      'noEarlierLine',
      { line: String(index + 1), text: reference },
      `cell line ${index + 1}: '${reference}' names no earlier cell line`,
    );
  }
  return state;
}

/** The ploidy a count is written against (ISCN 2020: near-triploid 58–80, near-tetraploid 81–103). */
function ploidyOf(count: number): number | null {
  if (count <= 57) {
    return 2;
  }
  if (count <= 80) {
    return 3;
  }
  return count <= 103 ? 4 : null;
}

function lineStates(lines: CellLine[]): LineState[] {
  const states: LineState[] = [];
  lines.forEach((line, index) => {
    const base = line.reference ? referenced(line.reference, index, states) : null;
    const state: LineState = {
      sex: line.sex ?? base?.sex ?? null,
      count: line.count,
      net: new Map(base?.net),
      structural: new Map(base?.structural),
      markers: base?.markers ?? 0,
    };
    let low = 0;
    let high = 0;
    let sexChange = 0;
    const own = new Map<string, number[]>();
    for (const item of line.items) {
      if (item.kind === 'numerical') {
        state.net.set(item.chromosome, (state.net.get(item.chromosome) ?? 0) + item.change);
        own.set(item.chromosome, [...(own.get(item.chromosome) ?? []), item.change]);
        if (!line.reference && (item.chromosome === 'X' || item.chromosome === 'Y')) {
          sexChange += item.change;
        } else {
          low += item.change;
          high += item.change;
        }
      } else if (item.kind === 'constitutional') {
        low += item.change;
        high += item.change;
      } else if (item.kind === 'markers') {
        state.markers += item.min;
        low += item.min;
        high += item.max;
      } else {
        state.structural.set(item.structural.key, item.structural);
        low += item.structural.gained - item.structural.merged;
        high += item.structural.gained - item.structural.merged;
      }
    }
    for (const [chromosome, changes] of own) {
      if (changes.some((change) => change > 0) && changes.some((change) => change < 0)) {
        throw new Unreadable(
          'gainAndLoss',
          { line: String(line.number), chromosome },
          `cell line ${line.number}: chromosome ${chromosome} is both lost and gained`,
        );
      }
    }
    if (!line.nonClonal && !line.composite) {
      checkCount(line, base, [low, high], sexChange);
    }
    states.push(state);
  });
  return states;
}

/** Refuses a line whose count differs from its ploidy (or the line it refers to) by other than its changes. */
function checkCount(
  line: CellLine,
  base: LineState | null,
  change: [number, number],
  sexChange: number,
): void {
  let expected: [number, number][];
  if (base) {
    expected = [[base.count[0] * line.multiplier + change[0], base.count[1] * line.multiplier + change[1]]];
  } else {
    const ploidy = line.ploidy ?? ploidyOf(line.count[0]);
    if (ploidy === null || line.sex === null) {
      return;
    }
    const normal = 22 * ploidy + line.sex.length;
    // ISCN writes an acquired loss or gain of X or Y both in the sex chromosomes (`45,X,-Y`) and as a change.
    expected = [
      [normal + change[0], normal + change[1]],
      [normal + change[0] + sexChange, normal + change[1] + sexChange],
    ];
  }
  const [low, high] = line.count;
  if (expected.some(([from, to]) => low <= to && from <= high)) {
    return;
  }
  const [from, to] = expected[expected.length - 1] ?? [0, 0];
  const written = from === to ? String(from) : `${from}~${to}`;
  throw new Unreadable(
    'countMismatch',
    { line: String(line.number), count: line.countText, expected: written },
    `cell line ${line.number}: the count ${line.countText} does not agree with its changes (${written})`,
  );
}

/** A breakpoint a rearrangement needs: a chromosome, a band it starts with, and, for KMT2A and MECOM, precision. */
interface Needed {
  chromosome: string;
  /** `q` (the arm), `q22`, `q23`: the written band must start with it. */
  band: string;
  /** For a band of the table that is divided: the written band is the undivided one or starts with this. */
  precise?: string;
}

const need = (chromosome: string, band: string, precise?: string): Needed => ({ chromosome, band, precise });
/** KMT2A at 11q23.3 or an undivided 11q23; MECOM at 3q26.2 or an undivided 3q26; GATA2 at 3q21.3. */
const KMT2A = need('11', 'q23', 'q23.3');
const MECOM = need('3', 'q26', 'q26.2');
const GATA2 = need('3', 'q21', 'q21.3');

/** The rearrangements ELN 2022 names, as translocations (or insertions) of two chromosomes. */
const TRANSLOCATIONS: readonly { code: KaryotypeCode; needs: readonly [Needed, Needed] }[] = [
  { code: 'PML::RARA', needs: [need('15', 'q'), need('17', 'q')] },
  { code: 'RUNX1::RUNX1T1', needs: [need('8', 'q'), need('21', 'q')] },
  { code: 'CBFB::MYH11', needs: [need('16', 'p'), need('16', 'q')] },
  { code: 'MLLT3::KMT2A', needs: [need('9', 'p'), KMT2A] },
  { code: 'DEK::NUP214', needs: [need('6', 'p'), need('9', 'q')] },
  { code: 'BCR::ABL1', needs: [need('9', 'q'), need('22', 'q')] },
  { code: 'KAT6A::CREBBP', needs: [need('8', 'p'), need('16', 'p')] },
  { code: 'GATA2::MECOM', needs: [GATA2, MECOM] },
];

/** The same rearrangements as inversions of one chromosome: `inv(16)(p13q22)`, `inv(3)(q21q26)`. */
const INVERSIONS: readonly { code: KaryotypeCode; needs: readonly [Needed, Needed] }[] = [
  { code: 'CBFB::MYH11', needs: [need('16', 'p'), need('16', 'q')] },
  { code: 'GATA2::MECOM', needs: [GATA2, MECOM] },
];

const REARRANGING = new Set(['t', 'ins', 'inv']);

/** Whether a written band is at a needed one. */
function atBand(written: string, needed: Needed): boolean {
  const band = written.endsWith('?') ? written.slice(0, -1) : written;
  if (!band.startsWith(needed.band)) {
    return false;
  }
  return !needed.precise || band === needed.band || band.startsWith(needed.precise);
}

/** The breakpoints of one chromosome of a descriptor, or null when none are written. */
function bandsOf(descriptor: Descriptor, position: number): string[] | null {
  return descriptor.bands ? (descriptor.bands[position] ?? []) : null;
}

/** Whether the breakpoint at `position` matches what a rearrangement needs. */
function matches(descriptor: Descriptor, position: number, needed: Needed): boolean {
  if (descriptor.chromosomes[position]?.id !== needed.chromosome) {
    return false;
  }
  const bands = bandsOf(descriptor, position);
  return bands === null || bands.some((written) => atBand(written, needed));
}

/** Whether two distinct breakpoints of a descriptor match a named translocation. */
function matchesPair(descriptor: Descriptor, needs: readonly [Needed, Needed]): boolean {
  const count = descriptor.chromosomes.length;
  if (descriptor.bands === null && count !== 2) {
    return false;
  }
  for (let first = 0; first < count; first += 1) {
    for (let second = 0; second < count; second += 1) {
      if (first !== second && matches(descriptor, first, needs[0]) && matches(descriptor, second, needs[1])) {
        return true;
      }
    }
  }
  return false;
}

function namedRearrangement(descriptor: Descriptor): KaryotypeCode | null {
  if (descriptor.abbr === 'inv') {
    if (descriptor.chromosomes.length !== 1) {
      return null;
    }
    const bands = bandsOf(descriptor, 0);
    const inversion = INVERSIONS.find(({ needs }) =>
      bands === null
        ? descriptor.chromosomes[0]?.id === needs[0].chromosome
        : needs.every((needed) => matches(descriptor, 0, needed)),
    );
    return inversion?.code ?? null;
  }
  if (descriptor.abbr === 't' || descriptor.abbr === 'ins') {
    return TRANSLOCATIONS.find(({ needs }) => matchesPair(descriptor, needs))?.code ?? null;
  }
  return null;
}

/** What a descriptor shows of the rearrangements, and what it leaves unknown. */
function rearrangementsOf(
  descriptor: Descriptor,
  shows: Set<KaryotypeCode>,
  unknown: Set<KaryotypeCode>,
): void {
  if (descriptor.abbr === 'add' && descriptor.bands) {
    const band = descriptor.bands[0]?.[0] ?? '';
    const id = descriptor.chromosomes[0]?.id;
    // Additional material at KMT2A or MECOM: a rearrangement there or not, and of what partner, only FISH says.
    if (id === KMT2A.chromosome && atBand(band, KMT2A)) {
      unknown.add('MLLT3::KMT2A').add('KMT2A-r');
    } else if (id === MECOM.chromosome && atBand(band, MECOM)) {
      unknown.add('GATA2::MECOM').add('MECOM-r');
    }
    return;
  }
  if (!REARRANGING.has(descriptor.abbr)) {
    return;
  }
  const named = namedRearrangement(descriptor);
  if (named) {
    shows.add(named);
    return;
  }
  if (descriptor.bands === null) {
    return;
  }
  const at = (needed: Needed) =>
    descriptor.chromosomes.some((_, position) => matches(descriptor, position, needed));
  const partnerUnknown = descriptor.chromosomes.some((chromosome) => chromosome.id === '?');
  if (at(KMT2A)) {
    if (partnerUnknown) {
      // t(11;?)(q23;?): KMT2A is rearranged, but the partner may be MLLT3 (9p21.3).
      unknown.add('MLLT3::KMT2A').add('KMT2A-r');
    } else {
      shows.add('KMT2A-r');
    }
  } else if (at(MECOM)) {
    shows.add('MECOM-r');
  }
}

/** A centromeric breakpoint (`p10`, `q10`, `cen`): a whole-arm rearrangement keeps the arm it names. */
const centromeric = (band: string) => band === 'p10' || band === 'q10' || band === 'cen';

/** The arm a chromosome of a descriptor is broken in: its shorthand arm, or its first breakpoint's. */
function armOf(descriptor: Descriptor, position: number): string | null {
  const chromosome = descriptor.chromosomes[position];
  if (chromosome?.arm) {
    return chromosome.arm;
  }
  const first = bandsOf(descriptor, position)?.[0] ?? '';
  if (first.startsWith('p')) {
    return 'p';
  }
  return first.startsWith('q') ? 'q' : null;
}

/**
 * Whether an abnormality loses (part of) an arm of a chromosome, its normal homologues counted: a
 * deletion or additional material on it; the derivative of an unbalanced translocation (`der(5)t(5;12)`
 * loses what lies beyond 5's breakpoint); a dicentric or whole-arm derivative of two chromosomes (each
 * keeps the arm a centromeric breakpoint names, else loses what lies beyond its breakpoint); an
 * isochromosome (keeps the arm it doubles); an isodicentric or a ring (loses what lies beyond).
 */
function losesArm(structural: Structural, chromosome: string, arm: 'p' | 'q'): boolean {
  if (structural.gained > 0) {
    return false;
  }
  const [first] = structural.descriptors;
  const derivativeOf =
    first?.abbr === 'der' && first.chromosomes.length === 1 ? first.chromosomes[0]?.id : null;
  return structural.descriptors.some((descriptor, index) => {
    const positions = descriptor.chromosomes
      .map((c, position) => (c.id === chromosome ? position : -1))
      .filter((position) => position >= 0);
    if (positions.length === 0) {
      return false;
    }
    switch (descriptor.abbr) {
      case 'del':
      case 'add':
      case 'idic':
        return armOf(descriptor, 0) === arm;
      case 'i': {
        const kept = armOf(descriptor, 0);
        return kept !== null && kept !== arm;
      }
      case 'r':
        return (bandsOf(descriptor, 0) ?? []).some((band) => band.startsWith(arm));
      case 'dic':
      case 'der':
        if (descriptor.chromosomes.length < 2) {
          return false;
        }
        return positions.some((position) => {
          const band = bandsOf(descriptor, position)?.[0];
          if (!band) {
            return false;
          }
          return centromeric(band) ? !band.startsWith(arm) && band !== 'cen' : band.startsWith(arm);
        });
      case 't':
        return (
          index > 0 &&
          derivativeOf === chromosome &&
          positions.some((position) => (bandsOf(descriptor, position)?.[0] ?? '').startsWith(arm))
        );
      default:
        return false;
    }
  });
}

/** Any abnormality with a breakpoint in 17p (not at its centromere), or an arm shorthand of 17p. */
function touches17p(structural: Structural): boolean {
  return structural.descriptors.some((descriptor) =>
    descriptor.chromosomes.some((chromosome, position) => {
      if (chromosome.id !== '17') {
        return false;
      }
      if (chromosome.arm) {
        return chromosome.arm === 'p' && descriptor.abbr !== 'i';
      }
      return (bandsOf(descriptor, position) ?? []).some((band) => band.startsWith('p') && !centromeric(band));
    }),
  );
}

/** What an abnormality shows, and leaves unknown (all of it when it is questionable). */
function effectsOf(structural: Structural): { shows: Set<KaryotypeCode>; unknown: Set<KaryotypeCode> } {
  const shows = new Set<KaryotypeCode>();
  const unknown = new Set<KaryotypeCode>();
  for (const descriptor of structural.descriptors) {
    rearrangementsOf(descriptor, shows, unknown);
  }
  if (losesArm(structural, '5', 'q')) {
    shows.add('-5/del(5q)');
  }
  if (losesArm(structural, '17', 'p') || touches17p(structural)) {
    shows.add('-17/abn(17p)');
  }
  for (const code of shows) {
    // Questionable: nothing it shows is sure. A range of bands: its arm is sure, the band of a
    // rearrangement of the table (11q23.3, 3q26.2…) is not.
    if (structural.uncertain || (structural.ranged && (REARRANGEMENTS as readonly string[]).includes(code))) {
      shows.delete(code);
      unknown.add(code);
    }
  }
  return { shows, unknown };
}

/**
 * What a descriptor written without breakpoints leaves undecided, or null: a rearrangement of 3 or 11
 * other than a named one (3q26? 11q23?), a deletion or addition of 5 or 17 (which arm?), an
 * isochromosome 17 (17q?).
 */
function missingBreakpoints(descriptor: Descriptor): string | null {
  if (descriptor.bands !== null || descriptor.chromosomes.some((chromosome) => chromosome.arm)) {
    return null;
  }
  const ids = descriptor.chromosomes.map((chromosome) => chromosome.id);
  if (REARRANGING.has(descriptor.abbr) && !namedRearrangement(descriptor)) {
    if (ids.includes('11')) {
      return 'whether it is a KMT2A rearrangement (11q23)';
    }
    if (ids.includes('3')) {
      return 'whether it is a MECOM rearrangement (3q26)';
    }
  }
  const ofTwo = descriptor.chromosomes.length > 1;
  const arms = ['del', 'add', 'dic', 'r'].includes(descriptor.abbr) || (descriptor.abbr === 'der' && ofTwo);
  if (arms && (ids.includes('5') || ids.includes('17'))) {
    return 'which arm it touches';
  }
  if ((descriptor.abbr === 'i' || descriptor.abbr === 'idic') && (ids[0] === '17' || ids[0] === '5')) {
    return 'which arm it doubles';
  }
  return null;
}

/** The probes the reader knows, by the names labs write (HGNC symbols, older names, loci). */
const PROBES: Record<string, string> = {
  kmt2a: 'KMT2A',
  mll: 'KMT2A',
  mllt3: 'MLLT3',
  af9: 'MLLT3',
  cbfb: 'CBFB',
  myh11: 'MYH11',
  mecom: 'MECOM',
  evi1: 'MECOM',
  pml: 'PML',
  rara: 'RARA',
  runx1: 'RUNX1',
  aml1: 'RUNX1',
  runx1t1: 'RUNX1T1',
  eto: 'RUNX1T1',
  bcr: 'BCR',
  abl1: 'ABL1',
  abl: 'ABL1',
  egr1: '5q31',
  d5s23: '5p15',
  d5s721: '5p15',
  d5s630: '5q31',
  d7s486: '7q31',
  d7s522: '7q31',
  d7z1: 'CEN7',
  cep7: 'CEN7',
  tp53: 'TP53',
  p53: 'TP53',
  d17z1: 'CEN17',
  cep17: 'CEN17',
  d5z1: 'CEN5',
  cep5: 'CEN5',
};

/** Split (break-apart) probes and what a split shows. */
const SPLITS: Record<string, KaryotypeCode | 'KMT2A'> = {
  KMT2A: 'KMT2A',
  CBFB: 'CBFB::MYH11',
  MECOM: 'MECOM-r',
};
/** Fusion probes, as pairs, and the fusion they show. */
const FUSIONS: readonly { genes: readonly [string, string]; code: KaryotypeCode }[] = [
  { genes: ['PML', 'RARA'], code: 'PML::RARA' },
  { genes: ['RUNX1', 'RUNX1T1'], code: 'RUNX1::RUNX1T1' },
  { genes: ['BCR', 'ABL1'], code: 'BCR::ABL1' },
  { genes: ['CBFB', 'MYH11'], code: 'CBFB::MYH11' },
  { genes: ['MLLT3', 'KMT2A'], code: 'MLLT3::KMT2A' },
];
/** What a FISH part could show, when it is not read. */
const FISH_CODES: readonly KaryotypeCode[] = [...REARRANGEMENTS, '-5/del(5q)', '-7', '-17/abn(17p)'];

interface FishReading {
  positive: Set<KaryotypeCode>;
  negative: Set<KaryotypeCode>;
  unknown: Set<KaryotypeCode>;
  /** A KMT2A split: rearranged, the partner to be told by the karyotype. */
  kmt2aSplit: boolean;
  parts: ReadPart[];
  unread: string[];
}

/** A probe name as a lab writes it (`5'KMT2A`, `LSI EGR1`, `D7S486x1`) → the probe and its copies, or null. */
function probeOf(name: string): { probe: string | null; copies: number | null } {
  const bare = name.replace(/^(?:[35]'|lsi)/, '');
  // A name may itself end in x and a digit (RUNX1): the whole name first, then without its copies.
  if (PROBES[bare]) {
    return { probe: PROBES[bare] ?? null, copies: null };
  }
  const copies = /x(\d)$/.exec(bare);
  const probe = copies ? (PROBES[bare.slice(0, copies.index)] ?? null) : null;
  return { probe, copies: copies ? Number(copies[1]) : null };
}

/**
 * Reads the FISH part after the karyotype (`nuc ish(…)(…)[n/total]`, ISCN 2020 §14): each signal
 * pattern it knows says positive or negative; any other is unread and makes what FISH could show unknown.
 */
function readFish(source: Source, start: number): FishReading {
  const reading: FishReading = {
    positive: new Set(),
    negative: new Set(),
    unknown: new Set(),
    kmt2aSplit: false,
    parts: [],
    unread: [],
  };
  const text = source.text;
  const unreadAll = (from: number) => {
    reading.unread.push(typed(source, text[from] === '.' ? from + 1 : from, text.length));
    for (const code of FISH_CODES) {
      reading.unknown.add(code);
    }
  };
  let at = start + 1;
  if (text.startsWith('nucish', at)) {
    at += 6;
  } else {
    // `.ish` on metaphases and `.rev ish` are not read.
    unreadAll(start);
    return reading;
  }
  const cutoff = /cut-?off:?(\d{1,2}(?:[.,]\d{1,2})?)%/.exec(text.slice(at, at + 200));
  const threshold = cutoff ? Number((cutoff[1] ?? '0').replace(',', '.')) : null;
  type Group = { content: string; copies: number | null; start: number; end: number };
  let pending: Group[] = [];
  const settle = (proportion: number | null, end: number) => {
    for (const group of pending) {
      readGroup(reading, group.content, group.copies, proportion, threshold, typed(source, group.start, end));
    }
    pending = [];
  };
  while (at < text.length) {
    const character = text[at];
    if (character === '(') {
      const close = text.indexOf(')', at);
      const content = close < 0 ? '' : text.slice(at + 1, close);
      if (close < 0 || content.includes('(')) {
        unreadAll(at);
        return reading;
      }
      let end = close + 1;
      let copies: number | null = null;
      if (text[end] === 'x' && isDigit(text[end + 1])) {
        copies = Number(text[end + 1]);
        end += 2;
      }
      pending.push({ content, copies, start: at, end });
      at = end;
    } else if (character === '[') {
      const close = text.indexOf(']', at);
      const inside = close < 0 ? '' : text.slice(at + 1, close);
      const fraction = /^(\d{1,4})\/(\d{1,4})$/.exec(inside);
      if (!fraction && !/^\d{1,4}$/.test(inside)) {
        unreadAll(at);
        return reading;
      }
      const proportion = fraction ? (100 * Number(fraction[1])) / Math.max(1, Number(fraction[2])) : null;
      settle(proportion, close + 1);
      at = close + 1;
    } else if (character === ',' || character === '.' || character === '/') {
      at += 1;
    } else if (cutoff && text.startsWith(cutoff[0], at)) {
      at += cutoff[0].length;
    } else if (character === '(' || /[a-z]/.test(character ?? '')) {
      // A word after the signals: the cut-off (read above), or text the reader does not know.
      if (!cutoff) {
        settle(null, at);
        unreadAll(at);
        return reading;
      }
      at += 1;
    } else {
      settle(null, at);
      unreadAll(at);
      return reading;
    }
  }
  settle(null, text.length);
  return reading;
}

/** One signal pattern (`5'kmt2asep3'kmt2ax1`, `pmlconrarax2`, `egr1x1,d5s23x2`), in a proportion of nuclei. */
function readGroup(
  reading: FishReading,
  content: string,
  groupCopies: number | null,
  proportion: number | null,
  threshold: number | null,
  text: string,
): void {
  const shows = new Set<KaryotypeCode>();
  const unknown = new Set<KaryotypeCode>();
  const negative = new Set<KaryotypeCode>();
  const above = proportion === null || threshold === null || proportion > threshold;
  const joiner = ['sep', 'con', 'fus'].find((word) => content.includes(word));
  const names = joiner ? content.split(joiner) : content.split(',');
  const probes = names.map(probeOf);
  if (probes.some((probe) => probe.probe === null)) {
    reading.unread.push(text);
    for (const code of FISH_CODES) {
      reading.unknown.add(code);
    }
    reading.parts.push({ text, shows: [], unknown: [...FISH_CODES] });
    return;
  }
  const genes = probes.map((probe) => probe.probe ?? '');
  if (joiner === 'sep') {
    const gene = genes[0] ?? '';
    const split = genes.every((name) => name === gene) ? SPLITS[gene] : undefined;
    if (!split) {
      for (const code of FISH_CODES) {
        unknown.add(code);
      }
      reading.unread.push(text);
    } else if (!above) {
      // Below the cut-off: a normal result.
    } else if (split === 'KMT2A') {
      reading.kmt2aSplit = true;
      unknown.add('MLLT3::KMT2A').add('KMT2A-r');
    } else {
      shows.add(split);
    }
  } else if (joiner) {
    const fusion = FUSIONS.find(({ genes: pair }) => pair.every((gene) => genes.includes(gene)));
    if (!fusion) {
      for (const code of FISH_CODES) {
        unknown.add(code);
      }
      reading.unread.push(text);
    } else if (above) {
      shows.add(fusion.code);
    } else {
      negative.add(fusion.code);
    }
  } else {
    const copiesOf = (gene: string) =>
      probes.find((probe) => probe.probe === gene)?.copies ??
      (genes.includes(gene) ? groupCopies : undefined);
    const one = (gene: string) => copiesOf(gene) === 1;
    const normal = (gene: string) => {
      const copies = copiesOf(gene);
      return copies !== undefined && copies !== null && copies >= 2;
    };
    // Separate signals of the fusion and split probes, two copies or more: none of them rearranged.
    for (const [gene, code] of [
      ['KMT2A', 'KMT2A'],
      ['CBFB', 'CBFB::MYH11'],
      ['MECOM', 'MECOM-r'],
    ] as const) {
      if (normal(gene)) {
        if (code === 'KMT2A') {
          negative.add('MLLT3::KMT2A').add('KMT2A-r');
        } else {
          negative.add(code);
          if (code === 'MECOM-r') {
            negative.add('GATA2::MECOM');
          }
        }
      }
    }
    for (const { genes: pair, code } of FUSIONS) {
      if (pair.every((gene) => normal(gene))) {
        negative.add(code);
      }
    }
    if (one('5q31')) {
      (above ? shows : negative).add('-5/del(5q)');
    } else if (normal('5q31')) {
      negative.add('-5/del(5q)');
    }
    if (one('TP53')) {
      (above ? shows : negative).add('-17/abn(17p)');
    } else if (normal('TP53')) {
      negative.add('-17/abn(17p)');
    }
    if (one('7q31') && one('CEN7')) {
      (above ? shows : negative).add('-7');
    } else if (normal('CEN7') || (normal('7q31') && !one('CEN7'))) {
      negative.add('-7');
    } else if (one('7q31')) {
      // D7S486 alone at one copy: a loss of 7 or of 7q, which D7Z1 would tell.
      unknown.add('-7');
    }
  }
  for (const code of shows) {
    reading.positive.add(code);
  }
  for (const code of negative) {
    reading.negative.add(code);
  }
  for (const code of unknown) {
    reading.unknown.add(code);
  }
  reading.parts.push({ text, shows: [...shows], unknown: [...unknown] });
}

/** Whether a threshold is reached: surely (by the certain count), perhaps (only with the uncertain ones: null), or not. */
function atLeast(certain: number, all: number, threshold: number): boolean | null {
  if (certain >= threshold) {
    return true;
  }
  return all >= threshold ? null : false;
}

function summarise(lines: CellLine[], fish: FishReading | null): KaryotypeReading {
  const states = lineStates(lines);
  const gains = new Map<string, number>();
  const losses = new Set<string>();
  const structural = new Map<string, Structural>();
  const numericalText = new Map<string, string>();
  let markers = 0;
  let markerText: string | null = null;
  states.forEach((state, index) => {
    const line = lines[index];
    if (line?.nonClonal) {
      return;
    }
    for (const [chromosome, net] of state.net) {
      if (net > 0) {
        gains.set(chromosome, Math.max(gains.get(chromosome) ?? 0, net));
      } else if (net < 0) {
        losses.add(chromosome);
      }
    }
    for (const [key, value] of state.structural) {
      if (!structural.has(key)) {
        structural.set(key, value);
      }
    }
    for (const item of line?.items ?? []) {
      if (item.kind === 'numerical' && !numericalText.has(item.chromosome)) {
        numericalText.set(item.chromosome, item.text);
      } else if (item.kind === 'markers') {
        markerText ??= item.text;
      }
    }
    markers = Math.max(markers, state.markers);
  });

  const shows = new Set<KaryotypeCode>();
  const unknown = new Set<KaryotypeCode>();
  const parts: ReadPart[] = [];
  const lossCodes: Record<string, KaryotypeCode> = { '5': '-5/del(5q)', '7': '-7', '17': '-17/abn(17p)' };
  for (const chromosome of [...gains.keys(), ...losses]) {
    const code = losses.has(chromosome) ? lossCodes[chromosome] : undefined;
    if (code) {
      shows.add(code);
    }
    const sign = losses.has(chromosome) ? '-' : '+';
    parts.push({
      text: numericalText.get(chromosome) ?? `${sign}${chromosome}`,
      shows: code ? [code] : [],
      unknown: [],
    });
  }
  for (const value of structural.values()) {
    const effects = effectsOf(value);
    for (const code of effects.shows) {
      shows.add(code);
    }
    for (const code of effects.unknown) {
      unknown.add(code);
    }
    parts.push({ text: value.text, shows: [...effects.shows], unknown: [...effects.unknown] });
  }
  if (markers > 0) {
    parts.push({ text: markerText ?? '+mar', shows: [], unknown: [] });
  }
  const unread: string[] = [];
  if (fish) {
    for (const code of fish.positive) {
      shows.add(code);
    }
    for (const code of fish.negative) {
      unknown.delete(code);
    }
    const partnerShown = shows.has('MLLT3::KMT2A') || shows.has('KMT2A-r');
    for (const code of fish.unknown) {
      if ((code === 'MLLT3::KMT2A' || code === 'KMT2A-r') && fish.kmt2aSplit && partnerShown) {
        continue;
      }
      unknown.add(code);
    }
    if (shows.has('GATA2::MECOM')) {
      shows.delete('MECOM-r');
    }
    parts.push(...fish.parts);
    unread.push(...fish.unread);
  }

  const certain = [...structural.values()].filter((value) => !value.uncertain).length + markers;
  const structuralCount = structural.size + markers;
  const abnormalities = gains.size + losses.size + structuralCount;
  const certainAbnormalities = gains.size + losses.size + certain;
  const classDefining = REARRANGEMENTS.some((code) => shows.has(code));
  const hyperdiploid = structuralCount === 0 && gains.size >= 3 && gains.size > losses.size;
  let complex: boolean | null = false;
  if (!classDefining && !hyperdiploid) {
    complex = atLeast(certainAbnormalities, abnormalities, 3);
  }
  const autosomalLosses = [...losses].filter((chromosome) => chromosome !== 'X' && chromosome !== 'Y');
  // Monosomal excludes CBF (footnote ††); the contract's definitions exclude t(9;11) and PML::RARA too.
  const coreBindingFactor = EXCLUDED_BY_COMPLEX.some((code) => shows.has(code));
  let monosomal: boolean | null = false;
  if (!coreBindingFactor && autosomalLosses.length >= 2) {
    monosomal = true;
  } else if (!coreBindingFactor && autosomalLosses.length === 1) {
    monosomal = atLeast(certain, structuralCount, 1);
  }
  const findings = Object.fromEntries(
    KARYOTYPE_CODES.map((code) => [code, shows.has(code) || (unknown.has(code) ? null : false)]),
  ) as Record<KaryotypeCode, boolean | null>;
  findings.complex = complex;
  findings.monosomal = monosomal;

  const items = [
    ...[...gains].map(([chromosome, copies]) => Array(copies).fill(`+${chromosome}`).join(',')),
    ...[...losses].map((chromosome) => `-${chromosome}`),
    ...[...structural.keys()].map(upperSexChromosomes),
  ].sort((a, b) => iscnRank(a) - iscnRank(b));
  if (markers > 0) {
    items.push(markers === 1 ? '+mar' : `+${markers}mar`);
  }
  const sexChromosomeAbnormal =
    [...gains.keys(), ...losses].some((chromosome) => chromosome === 'X' || chromosome === 'Y') ||
    [...structural.values()].some((s) =>
      s.descriptors.some((d) => d.chromosomes.some((c) => c.id === 'X' || c.id === 'Y')),
    );
  return {
    parsed: true,
    message: null,
    params: {},
    detail: null,
    abnormalities,
    items,
    parts,
    findings,
    unread,
    sexChromosomes: states[0]?.sex ?? null,
    sexChromosomeAbnormal,
  };
}

/**
 * ISCN's order of abnormalities: the sex chromosomes, then the autosomes in ascending order, a
 * numerical change before a structural one of the same chromosome; markers and the like last.
 */
function iscnRank(item: string): number {
  const match = /^[+-]?\??(?:([0-9]+|[XY])(?![0-9(])|[a-z]+\(([0-9]+|[XY?])[pq;)])/.exec(item);
  const chromosome = match?.[1] ?? match?.[2];
  if (!chromosome || chromosome === '?') {
    return 1000;
  }
  const order = { X: 0, Y: 1 }[chromosome] ?? Number(chromosome) + 1;
  return order * 2 + (match?.[1] ? 0 : 1);
}

function upperSexChromosomes(key: string): string {
  return key.replace(/(?<=[(;])([xy])(?=[);pq])/g, (letter) => letter.toUpperCase());
}

/** How much of a pasted text `findIscnLine` looks through. */
const PASTE_MAX = 20_000;
/** How many starts of a line it tries: a report has one karyotype, perhaps a few. */
const PASTE_TRIES = 20;
// A count and the sex chromosomes, the start of an ISCN line (one match per start: linear).
const LINE_START = /\d{2,3}(?:~\d{2,3})?(?:<\dn>)?\s?,\s?[XY]{1,8}c?(?![A-Za-z])/gi;

/**
 * The ISCN line inside a pasted lab report, or null: the first text that starts with a count and the
 * sex chromosomes and reads as a karyotype, cut at the end of its line or after a cell count (`[20]`),
 * whichever reads. Looks through the first 20,000 characters and the first 20 starts of a line; each
 * candidate is at most 500 characters.
 */
export function findIscnLine(text: string): string | null {
  const scanned = text.slice(0, PASTE_MAX);
  LINE_START.lastIndex = 0;
  let tries = 0;
  for (let match = LINE_START.exec(scanned); match && tries < PASTE_TRIES; match = LINE_START.exec(scanned)) {
    tries += 1;
    const start = match.index;
    const newline = scanned.slice(start, start + KARYOTYPE_MAX).search(/[\r\n]/);
    const line = scanned.slice(start, newline < 0 ? start + KARYOTYPE_MAX : start + newline);
    // The whole line, then each end after a cell count, longest first.
    const ends = [line.length];
    for (let close = line.lastIndexOf(']'); close >= 0; close = line.lastIndexOf(']', close - 1)) {
      ends.push(close + 1);
    }
    for (const end of ends) {
      const trimmed = line.slice(0, end).trim();
      const iscn = trimmed.slice(0, withoutTrailingDots(trimmed, trimmed.length));
      if (readKaryotype(iscn).parsed) {
        return iscn;
      }
    }
  }
  return null;
}
