import type { KaryotypeCode } from './markers.ts';
import { KARYOTYPE_CODES, REARRANGEMENTS } from './markers.ts';

/**
 * A small, pure reader of karyotypes written in ISCN 2020 (its short system, as AML reports write it),
 * that says what a karyotype implies for the ELN 2022 genetic risk (CONTRACT §10,
 * docs/product-rules.md#genetics-and-eln-2022).
 *
 * It reads: cell lines separated by `/`, each `count,sex,abnormality,…[cells]` with a count or a range
 * (`45~48`, an optional `<3n>`), the sex chromosomes (`XX`, `XY`, `X`…), cell counts `[20]`, composite
 * `[cp10]` and non-clonal `[nc]` lines (read, not counted), subclones through `idem`, `sl`, `sdl`,
 * `sdl1`…; numerical abnormalities (`+8`, `-7`, `-Y`, `+8x2`), constitutional ones (`+21c`, `…c`, ignored),
 * markers (`+mar`, `+2mar`, `+1~3mar` counted by its lower bound, `+mar1`), double minutes, and
 * structural abnormalities (`t`, `der`, `del`, `dup`, `add`, `inv`, `ins`, `i`, `idic`, `dic`, `r`,
 * `hsr`, …) with their breakpoints, the arm shorthand (`del(5q)`, `i(17q)`, `add(17p)`), and the
 * recurrent rearrangements by name alone (`t(8;21)`, `inv(16)`…). Case, spaces, typographic minus
 * signs and a trailing FISH part (`.ish …`, `.nuc ish …`) do not matter.
 *
 * It counts each distinct acquired abnormality once across the whole karyotype: a subclone written
 * with `idem` repeats its stemline's abnormalities, which are not counted again; numerical changes are
 * the net copy number of each chromosome in each cell line (`48,XY,+8,+8/47,idem,-8` is a trisomy 8
 * in the subclone, not a monosomy). Then, as ELN 2022 (CONTRACT §10) defines them:
 * - complex: ≥ 3 abnormalities and none of the class-defining rearrangements (every rearrangement
 *   code), unless the karyotype is hyperdiploid with ≥ 3 trisomies or polysomies and no structural
 *   abnormality (markers, rings and double minutes are structural);
 * - monosomal: ≥ 2 distinct autosomal monosomies, or one with ≥ 1 structural abnormality, outside the
 *   core-binding-factor leukaemias; loss of X or Y is no monosomy (but is an abnormality);
 * - `-5/del(5q)`: `-5` or a deletion of 5q; `-7`: `-7`; `-17/abn(17p)`: `-17`, a deletion of 17p,
 *   `i(17q)` (also written `i(17)(q10)`, or `idic(17)(p11)`, the same isochromosome) or `add(17p)`.
 * An abnormality marked uncertain (`?del(5)(q13q33)`) counts, but names no finding.
 *
 * What it cannot read it says so (`parsed: false`, a message key for the screen and a technical detail
 * in English) and implies nothing. It refuses, among others, a structural abnormality whose finding
 * depends on breakpoints it does not give (`t(11;19)`: is it 11q23?; `del(5)`: 5q or 5p?).
 */

/** What the reader says about one karyotype text. */
export interface KaryotypeReading {
  /** Whether the text was read; false for no text too. */
  parsed: boolean;
  /** A message key (`genetics.karyotypeUnreadable`) when a text was given and could not be read. */
  message: string | null;
  /** Where reading failed, in English, for the person who typed it. */
  detail: string | null;
  /** The number of distinct acquired abnormalities. */
  abnormalities: number;
  /** The distinct abnormalities, as the reader counted them (canonical ISCN, markers with their number). */
  items: string[];
  /** Each rearrangement and karyotype finding: shown or not; empty when the text was not read. */
  findings: Partial<Record<KaryotypeCode, boolean>>;
  /** The sex chromosomes as the first cell line writes them (`XX`, `XY`, `X`), or null. */
  sexChromosomes: string | null;
  /** Whether an acquired gain, loss or structural change of X or Y is written. */
  sexChromosomeAbnormal: boolean;
}

export const KARYOTYPE_UNREADABLE = 'genetics.karyotypeUnreadable';

class Unreadable extends Error {}

/** A piece of the text as a detail quotes it: short, whatever was typed. */
function quote(text: string): string {
  return `'${text.length > 40 ? `${text.slice(0, 39)}…` : text}'`;
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
  uncertain: boolean;
  descriptors: Descriptor[];
}

type Item =
  | { kind: 'numerical'; chromosome: string; change: number }
  | { kind: 'markers'; count: number }
  | { kind: 'structural'; structural: Structural };

interface CellLine {
  sex: string | null;
  reference: string | null;
  nonClonal: boolean;
  items: Item[];
}

/** What a cell line has once its references are followed. */
interface LineState {
  sex: string | null;
  net: Map<string, number>;
  structural: Map<string, Structural>;
  markers: number;
}

const STRUCTURAL_ABBR = 'idic|ider|dic|der|del|dup|add|inv|ins|hsr|trp|qdp|fis|tas|rob|t|i|r';
// Sticky: each descriptor is read where the last one ended, without copying the rest of the token.
const DESCRIPTOR = new RegExp(`(${STRUCTURAL_ABBR})\\(([^()]*)\\)(?:\\(([^()]*)\\))?`, 'y');
const BAND = /[pq](?:ter|\d{1,2}(?:\.\d{1,4})?)?\??|cen|\?/g;
// One way only to read each character, so that a long wrong text fails at once.
const BAND_PART = /^(?:[pq](?:ter|\d{1,2}(?:\.\d{1,4})?)?|cen|\?|~|-)+$/;
const CHROMOSOME = /^(\d{1,2}|x|y|\?)([pq])?$/;
const COUNT = /^(\d{1,3})(?:[~-](\d{1,3}))?(?:<\d(?:n)?>)?$/;
const SEX = /^([xy]{1,5})(c?)$/;
const REFERENCE = /^(idem|sl|sdl\d*)$/;
const NUMERICAL = /^([+-])(\d{1,2}|x|y)(?:x(\d))?(c?)$/;
const MARKERS = /^\+(\d{1,2})?(?:~\d{1,2})?mar(\d*)(?:x(\d))?$/;
const DMIN = /^\+?(?:\d{1,3}(?:~\d{1,3})?)?dmin$/;
const NON_CLONAL = /^\d{0,4}nc\d{0,4}$/;
const CELL_COUNT = /^(?:cp)?\d{1,4}$/;

/**
 * The longest karyotype text the registry keeps and reads (CONTRACT §10). A longer text is refused
 * before any of it is read, so no request can make the reader work on more than this.
 */
export const KARYOTYPE_MAX = 500;

/** Reads a karyotype text; null or blank is no text (`parsed: false` without a message). */
export function readKaryotype(text: string | null | undefined): KaryotypeReading {
  const trimmed = (text ?? '').trim();
  if (trimmed.length > KARYOTYPE_MAX) {
    return unread(KARYOTYPE_UNREADABLE, `the text is longer than ${KARYOTYPE_MAX} characters`);
  }
  return readUnbounded(trimmed);
}

/**
 * The reader without its length limit, for the test that times it on texts far past the limit: every
 * pattern it uses is linear, so that reading time grows with the length, never with its square.
 * @internal
 */
export function readUnbounded(text: string | null | undefined): KaryotypeReading {
  const normalized = normalize(text ?? '');
  if (normalized === '') {
    return unread(null, null);
  }
  try {
    const lines = normalized.split('/').map((raw, index) => parseLine(raw, index));
    return summarise(lines);
  } catch (error) {
    if (error instanceof Unreadable) {
      return unread(KARYOTYPE_UNREADABLE, error.message);
    }
    throw error;
  }
}

function unread(message: string | null, detail: string | null): KaryotypeReading {
  return {
    parsed: false,
    message,
    detail,
    abnormalities: 0,
    items: [],
    findings: {},
    sexChromosomes: null,
    sexChromosomeAbnormal: false,
  };
}

/** Lower case, no spaces, ASCII signs, without a trailing period or FISH part. */
function normalize(text: string): string {
  const lowered = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u00d7/g, 'x')
    .replace(/[\u223c\u301c]/g, '~');
  return withoutTrailingDots(withoutFish(lowered));
}

/** The text before its FISH part (`.ish …`, `.nuc ish …`, `.rev ish …`), found without a pattern. */
function withoutFish(text: string): string {
  let from = text.indexOf('ish');
  while (from >= 0) {
    for (const prefix of ['.', '.nuc', '.rev']) {
      const start = from - prefix.length;
      if (start >= 0 && text.startsWith(prefix, start)) {
        return text.slice(0, start);
      }
    }
    from = text.indexOf('ish', from + 1);
  }
  return text;
}

/** The text without its trailing periods (a loop: `/\.+$/` is quadratic on a long run of periods). */
function withoutTrailingDots(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '.') {
    end -= 1;
  }
  return text.slice(0, end);
}

function parseLine(raw: string, index: number): CellLine {
  const where = `cell line ${index + 1}`;
  if (raw === '') {
    throw new Unreadable(`${where} is empty`);
  }
  let body = raw;
  let nonClonal = false;
  // The cell count closes the line: found from its end (`/\[([^\]]*)\]$/` is quadratic on a run of `[`).
  const open = body.endsWith(']') ? body.lastIndexOf('[') : -1;
  if (open >= 0) {
    const inside = body.slice(open + 1, -1);
    if (NON_CLONAL.test(inside)) {
      nonClonal = true;
    } else if (!CELL_COUNT.test(inside)) {
      throw new Unreadable(`${where}: ${quote(`[${inside}]`)} is not a cell count`);
    }
    body = body.slice(0, open);
  }
  const tokens = body.split(',');
  const count = tokens[0] ?? '';
  const second = tokens[1] ?? '';
  const countMatch = COUNT.exec(count);
  if (!countMatch) {
    throw new Unreadable(`${where}: the chromosome count must come first, not ${quote(count)}`);
  }
  for (const value of [countMatch[1], countMatch[2]]) {
    if (value !== undefined && (Number(value) < 20 || Number(value) > 200)) {
      throw new Unreadable(`${where}: ${value} is not a chromosome count`);
    }
  }
  let sex: string | null = null;
  let reference: string | null = null;
  const sexMatch = SEX.exec(second);
  if (sexMatch) {
    sex = (sexMatch[1] ?? '').toUpperCase();
  } else if (REFERENCE.test(second)) {
    if (index === 0) {
      throw new Unreadable(`${where}: ${quote(second)} needs an earlier cell line`);
    }
    reference = second;
  } else {
    throw new Unreadable(`${where}: the sex chromosomes (or idem, sl, sdl) must follow the count`);
  }
  const items: Item[] = [];
  for (const token of tokens.slice(2)) {
    const item = parseItem(token, where);
    if (item) {
      items.push(item);
    }
  }
  return { sex, reference, nonClonal, items };
}

/** One abnormality, or null for what does not count (`inc`, a constitutional one). */
function parseItem(token: string, where: string): Item | null {
  if (token === 'inc') {
    return null;
  }
  const numerical = NUMERICAL.exec(token);
  if (numerical) {
    if (numerical[4] === 'c') {
      return null;
    }
    const chromosome = chromosomeId(numerical[2] ?? '', where);
    const copies = Number(numerical[3] ?? '1');
    return { kind: 'numerical', chromosome, change: numerical[1] === '+' ? copies : -copies };
  }
  const markers = MARKERS.exec(token);
  if (markers) {
    const count = Number(markers[1] ?? '1') * Number(markers[3] ?? '1');
    if (markers[2]) {
      const key = `+mar${markers[2]}`;
      return { kind: 'structural', structural: { key, uncertain: false, descriptors: [] } };
    }
    return { kind: 'markers', count };
  }
  if (DMIN.test(token)) {
    return { kind: 'structural', structural: { key: 'dmin', uncertain: false, descriptors: [] } };
  }
  if (token === '+r') {
    return { kind: 'structural', structural: { key: '+r', uncertain: false, descriptors: [] } };
  }
  const structural = parseStructural(token, where);
  return structural ? { kind: 'structural', structural } : null;
}

function parseStructural(token: string, where: string): Structural | null {
  const unknown = () => new Unreadable(`${where}: cannot read ${quote(token)}`);
  let rest = token;
  const gained = rest.startsWith('+');
  if (gained) {
    rest = rest.slice(1);
  }
  const uncertain = rest.startsWith('?');
  if (uncertain) {
    rest = rest.slice(1);
  }
  const tail = /\)(c?)(?:x(\d))?$/.exec(rest);
  if (!tail) {
    throw unknown();
  }
  const constitutional = tail[1] === 'c';
  const multiplier = tail[2] ? `x${tail[2]}` : '';
  rest = rest.slice(0, tail.index + 1);
  const descriptors: Descriptor[] = [];
  DESCRIPTOR.lastIndex = 0;
  while (DESCRIPTOR.lastIndex < rest.length) {
    const match = DESCRIPTOR.exec(rest);
    if (!match) {
      throw unknown();
    }
    descriptors.push(parseDescriptor(match[1] ?? '', match[2] ?? '', match[3], token, where));
  }
  if (constitutional) {
    return null;
  }
  if (!uncertain) {
    for (const descriptor of descriptors) {
      const missing = missingBreakpoints(descriptor);
      if (missing) {
        throw new Unreadable(`${where}: ${quote(token)} needs its breakpoints to tell ${missing}`);
      }
    }
  }
  const written = descriptors.map(writeDescriptor).join('');
  const key = `${gained ? '+' : ''}${uncertain ? '?' : ''}${written}${multiplier}`;
  return { key, uncertain, descriptors };
}

function parseDescriptor(
  abbr: string,
  chromosomePart: string,
  bandPart: string | undefined,
  token: string,
  where: string,
): Descriptor {
  const chromosomes = chromosomePart.split(';').map((part) => {
    const match = CHROMOSOME.exec(part);
    if (!match) {
      throw new Unreadable(`${where}: ${quote(part)} in ${quote(token)} is not a chromosome`);
    }
    const arm = (match[2] as 'p' | 'q' | undefined) ?? null;
    return { id: chromosomeId(match[1] ?? '', where), arm };
  });
  if (bandPart === undefined) {
    return { abbr, chromosomes, bands: null };
  }
  const parts = bandPart.split(';');
  if (parts.length !== chromosomes.length || chromosomes.some((chromosome) => chromosome.arm)) {
    throw new Unreadable(`${where}: the breakpoints of ${quote(token)} do not match its chromosomes`);
  }
  const bands = parts.map((part) => {
    if (!BAND_PART.test(part)) {
      throw new Unreadable(`${where}: ${quote(part)} in ${quote(token)} is not a breakpoint`);
    }
    return part.match(BAND) ?? [];
  });
  return { abbr, chromosomes, bands };
}

function chromosomeId(raw: string, where: string): string {
  if (raw === 'x' || raw === 'y') {
    return raw.toUpperCase();
  }
  if (raw === '?') {
    return raw;
  }
  const number = Number(raw);
  if (!Number.isInteger(number) || number < 1 || number > 22 || raw.startsWith('0')) {
    throw new Unreadable(`${where}: there is no chromosome ${quote(raw)}`);
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
    throw new Unreadable(`cell line ${index + 1}: ${quote(reference)} names no earlier cell line`);
  }
  return state;
}

function lineStates(lines: CellLine[]): LineState[] {
  const states: LineState[] = [];
  lines.forEach((line, index) => {
    const base = line.reference ? referenced(line.reference, index, states) : null;
    const state: LineState = {
      sex: line.sex ?? base?.sex ?? null,
      net: new Map(base?.net),
      structural: new Map(base?.structural),
      markers: base?.markers ?? 0,
    };
    for (const item of line.items) {
      if (item.kind === 'numerical') {
        state.net.set(item.chromosome, (state.net.get(item.chromosome) ?? 0) + item.change);
      } else if (item.kind === 'markers') {
        state.markers += item.count;
      } else {
        state.structural.set(item.structural.key, item.structural);
      }
    }
    states.push(state);
  });
  return states;
}

function summarise(lines: CellLine[]): KaryotypeReading {
  const states = lineStates(lines);
  const gains = new Map<string, number>();
  const losses = new Set<string>();
  const structural = new Map<string, Structural>();
  let markers = 0;
  states.forEach((state, index) => {
    if (lines[index]?.nonClonal) {
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
      structural.set(key, value);
    }
    markers = Math.max(markers, state.markers);
  });

  const certain = [...structural.values()].filter((s) => !s.uncertain).flatMap((s) => s.descriptors);
  const findings = Object.fromEntries(KARYOTYPE_CODES.map((code) => [code, false])) as Record<
    KaryotypeCode,
    boolean
  >;
  for (const descriptor of certain) {
    const code = rearrangementOf(descriptor);
    if (code) {
      findings[code] = true;
    }
  }
  findings['-5/del(5q)'] = losses.has('5') || certain.some((d) => isArmLoss(d, '5', 'q'));
  findings['-7'] = losses.has('7');
  findings['-17/abn(17p)'] = losses.has('17') || certain.some(isAbnormal17p);

  const structuralCount = structural.size + markers;
  const abnormalities = gains.size + losses.size + structuralCount;
  const classDefining = REARRANGEMENTS.some((code) => findings[code]);
  const hyperdiploid = structuralCount === 0 && gains.size >= 3 && gains.size > losses.size;
  findings.complex = abnormalities >= 3 && !classDefining && !hyperdiploid;
  const autosomalLosses = [...losses].filter((chromosome) => chromosome !== 'X' && chromosome !== 'Y');
  const coreBindingFactor = findings['RUNX1::RUNX1T1'] || findings['CBFB::MYH11'];
  findings.monosomal =
    !coreBindingFactor &&
    (autosomalLosses.length >= 2 || (autosomalLosses.length === 1 && structuralCount >= 1));

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
    detail: null,
    abnormalities,
    items,
    findings,
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

/** The breakpoints of one chromosome of a descriptor, or null when none are written. */
function bandsOf(descriptor: Descriptor, position: number): string[] | null {
  return descriptor.bands ? (descriptor.bands[position] ?? []) : null;
}

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

/** Whether a descriptor is a deletion of a chromosome arm (`del(5q)`, `del(5)(q13q33)`). */
function isArmLoss(descriptor: Descriptor, chromosome: string, arm: 'p' | 'q'): boolean {
  if (descriptor.abbr !== 'del' || descriptor.chromosomes.length !== 1) {
    return false;
  }
  return descriptor.chromosomes[0]?.id === chromosome && armOf(descriptor, 0) === arm;
}

/** `del(17p)`, `add(17p)`, `i(17q)` and `idic(17)(p11)`, which lose 17p. */
function isAbnormal17p(descriptor: Descriptor): boolean {
  if (descriptor.chromosomes.length !== 1 || descriptor.chromosomes[0]?.id !== '17') {
    return false;
  }
  const arm = armOf(descriptor, 0);
  switch (descriptor.abbr) {
    case 'del':
    case 'add':
      return arm === 'p';
    case 'i':
      return arm === 'q';
    case 'idic':
      return arm === 'p';
    default:
      return false;
  }
}

/** A breakpoint a rearrangement needs: a chromosome and the start of a band, `15q` or `11q23`. */
type Needed = string;

/** The rearrangements ELN 2022 names, as translocations (or insertions) of two chromosomes. */
const TRANSLOCATIONS: readonly { code: KaryotypeCode; needs: readonly [Needed, Needed] }[] = [
  { code: 'PML::RARA', needs: ['15q', '17q'] },
  { code: 'RUNX1::RUNX1T1', needs: ['8q', '21q'] },
  { code: 'CBFB::MYH11', needs: ['16p', '16q'] },
  { code: 'MLLT3::KMT2A', needs: ['9p', '11q23'] },
  { code: 'DEK::NUP214', needs: ['6p', '9q'] },
  { code: 'BCR::ABL1', needs: ['9q', '22q'] },
  { code: 'KAT6A::CREBBP', needs: ['8p', '16p'] },
  { code: 'GATA2::MECOM', needs: ['3q21', '3q26'] },
];

/** The same rearrangements as inversions of one chromosome: `inv(16)(p13q22)`, `inv(3)(q21q26)`. */
const INVERSIONS: readonly { code: KaryotypeCode; needs: readonly [Needed, Needed] }[] = [
  { code: 'CBFB::MYH11', needs: ['16p', '16q'] },
  { code: 'GATA2::MECOM', needs: ['3q21', '3q26'] },
];

/** The rearrangements whose partner varies, known by one breakpoint: 11q23 (KMT2A), 3q26 (MECOM). */
const PARTNERS: readonly { code: KaryotypeCode; needs: Needed }[] = [
  { code: 'KMT2A-r', needs: '11q23' },
  { code: 'MECOM-r', needs: '3q26' },
];

/** `11q23` as `['11', 'q23']`. */
function split(needed: Needed): [string, string] {
  const arm = needed.search(/[pq]/);
  return [needed.slice(0, arm), needed.slice(arm)];
}

const REARRANGING = new Set(['t', 'ins', 'inv']);

/** Whether the breakpoint at `position` matches what a rearrangement needs. */
function matches(descriptor: Descriptor, position: number, needed: Needed): boolean {
  const [chromosome, band] = split(needed);
  if (descriptor.chromosomes[position]?.id !== chromosome) {
    return false;
  }
  const bands = bandsOf(descriptor, position);
  return bands === null || bands.some((written) => written.startsWith(band));
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
    const inversion = INVERSIONS.find(({ needs }) =>
      needs.every((needed) => descriptor.chromosomes.length === 1 && matches(descriptor, 0, needed)),
    );
    return inversion?.code ?? null;
  }
  if (descriptor.abbr === 't' || descriptor.abbr === 'ins') {
    return TRANSLOCATIONS.find(({ needs }) => matchesPair(descriptor, needs))?.code ?? null;
  }
  return null;
}

/** The rearrangement code a structural descriptor shows, if any. */
function rearrangementOf(descriptor: Descriptor): KaryotypeCode | null {
  if (!REARRANGING.has(descriptor.abbr)) {
    return null;
  }
  const named = namedRearrangement(descriptor);
  if (named) {
    return named;
  }
  if (descriptor.bands === null) {
    return null;
  }
  const partner = PARTNERS.find(({ needs }) =>
    descriptor.chromosomes.some((_, position) => matches(descriptor, position, needs)),
  );
  return partner?.code ?? null;
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
  if ((descriptor.abbr === 'del' || descriptor.abbr === 'add') && (ids[0] === '5' || ids[0] === '17')) {
    return 'which arm it touches';
  }
  if ((descriptor.abbr === 'i' || descriptor.abbr === 'idic') && ids[0] === '17') {
    return 'which arm it doubles';
  }
  return null;
}
