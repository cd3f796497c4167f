import type { Diagnosis, InstitutionType, TreatmentScheme } from '@registry/shared';
import { drugsOfScheme } from './scheme-drugs.ts';

/**
 * A synthetic but clinically plausible leukaemia cohort, generated from a seed so that a run can be
 * repeated: subtypes with realistic frequencies and ages, dates in order (birth < diagnosis < relapse
 * < death, nothing in the future), consent for most, treatments that fit subtype, age and fitness,
 * lab reports with typical findings, some relapses and deaths. Nothing here touches a database.
 */

/** A small, fast, seedable PRNG (mulberry32). */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const chance = (p: number) => next() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) {
        return item;
      }
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  };
  /** A normally distributed number (Box–Muller). */
  const normal = (mean: number, sd: number) =>
    mean + sd * Math.sqrt(-2 * Math.log(next() || 1e-9)) * Math.cos(2 * Math.PI * next());
  return { next, int, chance, pick, weighted, normal };
}
export type Random = ReturnType<typeof randomSource>;

const DAY = 24 * 60 * 60 * 1000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Subtype frequencies of a haematology registry with an AML focus (percent). */
export const SUBTYPE_WEIGHTS: readonly (readonly [Diagnosis, number])[] = [
  ['AML', 10],
  ['AML M0', 3],
  ['AML M1', 8],
  ['AML M2', 15],
  ['AML M3', 7],
  ['AML M4', 12],
  ['AML M5', 8],
  ['AML M6', 2],
  ['AML M7', 1],
  ['ALL', 3],
  ['ALL-B', 17],
  ['ALL-T', 5],
  ['Other', 3],
  ['confirm', 6],
];

const OTHER_SUBTYPES = [
  'LMMC',
  'Leucemia de células dendríticas',
  'Leucemia bifenotípica',
  'LMC en crisis blástica',
];
const isAll = (subtype: Diagnosis) => subtype.startsWith('ALL');
const isAml = (subtype: Diagnosis) => subtype.startsWith('AML');

function ageFor(random: Random, subtype: Diagnosis): number {
  if (isAll(subtype)) {
    return random.chance(0.4) ? random.int(2, 15) : random.int(16, 70);
  }
  if (isAml(subtype)) {
    return Math.max(18, Math.min(90, Math.round(random.normal(62, 14))));
  }
  return random.int(20, 85);
}

/** The diagnostic risk of a subtype: mostly low in promyelocytic leukaemia, none while unconfirmed. */
function riskFor(random: Random, subtype: Diagnosis): string {
  if (subtype === 'AML M3') {
    return random.weighted([
      ['Bajo', 7],
      ['Medio', 2],
      ['Alto', 1],
    ] as const);
  }
  if (subtype === 'confirm') {
    return 'N/A';
  }
  return random.weighted([
    ['Bajo', 3],
    ['Medio', 4],
    ['Alto', 3],
    ['N/R', 0.5],
  ] as const);
}

function schemeFor(random: Random, subtype: Diagnosis, age: number, fit: boolean): TreatmentScheme | string {
  if (subtype === 'AML M3') {
    return random.chance(0.8) ? 'Other: ATRA + ATO' : 'Other: AIDA';
  }
  if (isAll(subtype)) {
    if (age < 18) {
      return random.pick(['BFM', 'GATLA 2017'] as const);
    }
    if (age < 40) {
      return random.pick(['GATLA 2019 AYA', 'HyperCVAD'] as const);
    }
    return age > 60 ? 'GATLA 2019 >60' : random.pick(['GATLA 2019 Adultos', 'HyperCVAD'] as const);
  }
  if (!fit || age > 75) {
    return random.weighted([
      ['Venetoclax + Azacitidina', 6],
      ['Azacitidina', 2],
      ['Decitabina', 1],
      ['Venetoclax + Ara-C low dose', 1],
      ['Ara-C low dose', 0.5],
    ] as const);
  }
  return random.weighted([
    ['7+3 AraC + IDA', 5],
    ['7+3 AraC + DNR', 2],
    ['7+3 AraC + IDA + MIDO', 1],
    ['7+3 AraC + DNR + MIDO', 1],
    ['7+3 AraC + MTT', 0.5],
  ] as const);
}

/** A second line: intensive salvage or a transplant for the fit, low-intensity schemes otherwise. */
function salvageFor(random: Random, subtype: Diagnosis, age: number, fit: boolean): TreatmentScheme {
  if (isAll(subtype)) {
    return random.pick(['HyperCVAD-AD MTX-AraC', 'FLAG-Ida', 'AloTCHP'] as const);
  }
  if (!fit || age > 75) {
    return random.pick(['Venetoclax + Azacitidina', 'Decitabina', 'Ara-C low dose'] as const);
  }
  return random.pick(['FLAG-Ida', 'CLAG-IDA', 'Etopósido + Citarabina + Mitoxantrona', 'AloTCHP'] as const);
}

const CYTOGENETICS_AML = [
  '46,XX[20]',
  '46,XY[20]',
  't(8;21)(q22;q22)',
  'inv(16)(p13q22)',
  'Cariotipo complejo',
  '-7',
  '+8',
];
const MOLECULAR_AML = [
  'NPM1 mutado, FLT3-ITD negativo',
  'FLT3-ITD positivo',
  'CEBPA bialélico',
  'Sin alteraciones',
  'RUNX1-RUNX1T1 positivo',
];
const NGS_AML = [
  'NPM1, DNMT3A',
  'TP53 (VAF 35%)',
  'IDH2 R140Q',
  'ASXL1, RUNX1',
  'FLT3-TKD, NRAS',
  'Sin variantes patogénicas',
];
const CYTOGENETICS_ALL = ['46,XX[20]', 't(9;22)(q34;q11)', 't(12;21)', 'Hiperdiploidía', 'KMT2A reordenado'];
const MOLECULAR_ALL = [
  'BCR-ABL1 p190 positivo',
  'ETV6-RUNX1 positivo',
  'Sin alteraciones',
  'IKZF1 delecionado',
];
const DEATH_CAUSES = [
  'Progresión de enfermedad',
  'Sepsis',
  'Hemorragia',
  'Toxicidad del tratamiento',
  'Infección fúngica',
];

export interface SeedTreatment {
  scheme: string;
  startDate: string;
  diseaseAssessment: string | null;
  medulogram: string | null;
  medulogramDate: string | null;
  EMR: string | null;
  EMRDate: string | null;
  EMRBlasts: number | null;
  toxicities: string | null;
  drugs: { name: string; dose: string; startApplicationDate: string; lastAplicationDate: string }[];
}

export interface SeedPatient {
  createdAt: Date;
  birthDate: string | null;
  gender: 'male' | 'female';
  ecog: number;
  app: string | null;
  diagnostic: {
    dxDate: string;
    dxSecondary: 'Inicial' | 'Secundario';
    dxSubType: string;
    dxSecondaryDescription: string | null;
    organsFailures: string | null;
    patientFit: 'Fit' | 'Unfit';
    relapse: boolean;
    relapseDate: string | null;
    riskLevel: string;
    consent: boolean;
    consentDate: string | null;
  };
  samples: { sampleType: string; sampleDate: string; withFile: boolean }[];
  treatments: SeedTreatment[];
  reports: { name: string; content: string; date: string }[];
  riskLevel: string;
  deathDate: string | null;
  deathCause: string | null;
}

/**
 * One synthetic patient registered at `createdAt` (never later than `today`) in an institution of the
 * given type. Biobank patients have a bare year or no birth date, consent 'Bio Banco' and no lab reports.
 */
export function syntheticPatient(
  random: Random,
  createdAt: Date,
  today: string,
  type: InstitutionType,
): SeedPatient {
  const biobank = type === 'BioBanco';
  const todayMs = dayMs(today);
  const subtypeValue = random.weighted(SUBTYPE_WEIGHTS);
  const dxSubType = subtypeValue === 'Other' ? `Other: ${random.pick(OTHER_SUBTYPES)}` : subtypeValue;
  const age = ageFor(random, subtypeValue);
  const dxMs = createdAt.getTime() - random.int(0, 90) * DAY;
  const dxDate = isoDay(dxMs);
  const birthMs = dxMs - age * 365.25 * DAY - random.int(0, 364) * DAY;
  const birthDay = isoDay(birthMs);
  const birthDate = biobank
    ? random.weighted([
        [birthDay.slice(0, 4), 5],
        [null, 2],
        [birthDay, 3],
      ] as const)
    : birthDay;
  const fit = age < 70 ? random.chance(0.85) : random.chance(0.35);
  const secondary = random.chance(isAml(subtypeValue) ? 0.22 : 0.08);
  const risk = riskFor(random, subtypeValue);

  const relapseMs = dxMs + random.int(180, 1100) * DAY;
  const relapse = random.chance(isAml(subtypeValue) ? 0.33 : 0.22) && relapseMs < todayMs;
  const consent = biobank || (subtypeValue !== 'confirm' && random.chance(0.9));
  const consentMs = Math.min(dxMs + random.int(0, 7) * DAY, todayMs);

  const afterMs = relapse ? relapseMs : dxMs;
  const deathChance = (age > 70 ? 0.35 : 0.15) + (relapse ? 0.3 : 0);
  const deathMs = afterMs + random.int(20, 720) * DAY;
  const dies = random.chance(deathChance) && deathMs < todayMs;

  // Nothing happens after death: later treatments and assessments stop there.
  const lastMs = dies ? Math.min(deathMs, todayMs) : todayMs;
  const samples: SeedPatient['samples'] = [];
  if (random.chance(0.85)) {
    samples.push({
      sampleType: random.weighted([
        ['MO', 6],
        ['SP', 2.5],
        ['MO + SP', 1.5],
      ] as const),
      sampleDate: isoDay(Math.min(dxMs + random.int(0, 3) * DAY, todayMs)),
      withFile: random.chance(0.02),
    });
  }
  if (relapse && random.chance(0.5)) {
    samples.push({ sampleType: 'MO', sampleDate: isoDay(relapseMs), withFile: false });
  }

  const treatments: SeedTreatment[] = [];
  const treatable = consent && !dxSubType.startsWith('Other: ') && subtypeValue !== 'confirm';
  if (treatable) {
    const lines = relapse || random.chance(0.25) ? 2 : 1;
    let startMs = dxMs + random.int(2, 20) * DAY;
    for (let line = 0; line < lines && startMs < lastMs; line++) {
      const scheme =
        line === 0 ? schemeFor(random, subtypeValue, age, fit) : salvageFor(random, subtypeValue, age, fit);
      const assessmentMs = Math.min(startMs + random.int(28, 45) * DAY, lastMs);
      const blasts = Math.round(random.next() * (line === 0 ? 8 : 30) * 10) / 10;
      treatments.push({
        scheme,
        startDate: isoDay(startMs),
        diseaseAssessment: random.weighted([
          ['RC', 6],
          ['RP', 2],
          ['NR', 1.5],
          ['NE', 0.5],
        ] as const),
        medulogram: `Blastos ${blasts}%`,
        medulogramDate: isoDay(assessmentMs),
        EMR: blasts < 0.1 ? 'Negativa' : 'Positiva',
        EMRDate: isoDay(assessmentMs),
        EMRBlasts: blasts,
        toxicities: random.chance(0.4)
          ? random.pick(['Neutropenia febril', 'Mucositis grado 2', 'Hepatotoxicidad grado 1'])
          : null,
        drugs: drugsOfScheme(scheme).map(({ name, dose, firstDay, lastDay }) => ({
          name,
          dose,
          startApplicationDate: isoDay(Math.min(startMs + (firstDay - 1) * DAY, lastMs)),
          lastAplicationDate: isoDay(Math.min(startMs + (lastDay - 1) * DAY, lastMs)),
        })),
      });
      startMs = (relapse ? relapseMs : assessmentMs) + random.int(7, 30) * DAY;
    }
  }

  const reports: SeedPatient['reports'] = [];
  if (treatable && !biobank) {
    const all = isAll(subtypeValue);
    const date = isoDay(Math.min(dxMs + random.int(1, 14) * DAY, todayMs));
    reports.push(
      {
        name: 'Immunophenotype',
        content: all ? 'CD19+, CD10+, CD34+, TdT+' : 'CD34+, CD117+, CD33+, MPO+',
        date,
      },
      { name: 'Cytogenetics', content: random.pick(all ? CYTOGENETICS_ALL : CYTOGENETICS_AML), date },
      { name: 'Molecular Studies', content: random.pick(all ? MOLECULAR_ALL : MOLECULAR_AML), date },
      { name: 'Medulograma', content: `Blastos ${random.int(20, 95)}%`, date },
    );
    if (random.chance(0.7)) {
      reports.push({ name: 'NGS', content: random.pick(NGS_AML), date });
    }
    if (random.chance(0.3)) {
      reports.push({ name: 'NGS OP', content: `Panel mieloide OP: ${random.pick(NGS_AML)}`, date });
    }
  }

  return {
    createdAt,
    birthDate,
    gender: random.chance(0.55) ? 'male' : 'female',
    ecog: age > 70 ? random.int(1, 3) : random.int(0, 2),
    app: random.chance(0.4)
      ? random.pick(['HTA', 'DBT tipo 2', 'Tabaquismo', 'Hipotiroidismo', 'Cardiopatía isquémica'])
      : null,
    diagnostic: {
      dxDate,
      dxSecondary: secondary ? 'Secundario' : 'Inicial',
      dxSubType,
      dxSecondaryDescription: secondary
        ? random.pick(['Post SMD', 'Relacionada a tratamiento', 'Post NMP'])
        : null,
      organsFailures: random.chance(0.15)
        ? random.pick(['Insuficiencia renal', 'Insuficiencia cardíaca'])
        : null,
      patientFit: fit ? 'Fit' : 'Unfit',
      relapse,
      relapseDate: relapse ? isoDay(relapseMs) : null,
      riskLevel: risk,
      consent,
      consentDate: consent && !biobank ? isoDay(consentMs) : null,
    },
    samples,
    treatments,
    reports,
    riskLevel: risk,
    deathDate: dies ? isoDay(deathMs) : null,
    deathCause: dies ? random.pick(DEATH_CAUSES) : null,
  };
}
