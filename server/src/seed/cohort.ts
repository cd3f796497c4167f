import {
  classifyEln2022,
  type Diagnosis,
  type Genetics,
  type InstitutionType,
  LAB_REPORT,
  NGS_OP,
  type TreatmentScheme,
} from '@registry/shared';
import { simulateCourse } from './course.ts';
import { amlGenetics, otherKaryotype } from './genetics.ts';
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

const NGS_AML = [
  'NPM1, DNMT3A',
  'TP53 (VAF 35%)',
  'IDH2 R140Q',
  'ASXL1, RUNX1',
  'FLT3-TKD, NRAS',
  'Sin variantes patogénicas',
];
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
  diseaseAssessmentDate: string | null;
  medulogram: string | null;
  medulogramDate: string | null;
  EMR: string | null;
  EMRDate: string | null;
  EMRBlasts: number | null;
  EMRStatus: string | null;
  EMRMethod: string | null;
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
    genetics: Genetics | null;
  };
  samples: { sampleType: string; sampleDate: string; withFile: boolean }[];
  treatments: SeedTreatment[];
  reports: { name: string; content: string; date: string }[];
  riskLevel: string;
  deathDate: string | null;
  deathCause: string | null;
  lastContactDate: string | null;
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

  const gender: 'male' | 'female' = random.chance(0.55) ? 'male' : 'female';
  const consent = biobank || (subtypeValue !== 'confirm' && random.chance(0.9));
  const consentMs = Math.min(dxMs + random.int(0, 7) * DAY, todayMs);
  const treatable = consent && !dxSubType.startsWith('Other: ') && subtypeValue !== 'confirm';
  const horizon = Math.floor((todayMs - dxMs) / DAY);
  const day = (offset: number) => isoDay(dxMs + offset * DAY);

  // The genetics of an AML (not of a promyelocytic one, classified apart) and the risk they give.
  const aml = isAml(subtypeValue) && subtypeValue !== 'AML M3';
  const geneticsDay = new Date(Math.min(dxMs + random.int(7, 21) * DAY, todayMs));
  const drawn = aml && random.chance(0.93) ? amlGenetics(random, gender, age, secondary, geneticsDay) : null;
  const eln = aml ? classifyEln2022(subtypeValue, drawn?.genetics ?? null) : null;
  const tp53 = drawn?.genetics.markers.some((m) => m.code === 'TP53' && m.result === 'positive') ?? false;
  // The doctor's own risk mostly follows the genetic risk, and now and then disagrees with it.
  const RISK_OF: Partial<Record<string, string>> = {
    favorable: 'Bajo',
    intermediate: 'Medio',
    adverse: 'Alto',
  };
  const agreed = RISK_OF[eln?.category ?? ''];
  const risk = agreed && random.chance(0.88) ? agreed : riskFor(random, subtypeValue);

  const treatments: SeedTreatment[] = [];
  let relapseDay: number | null = null;
  let deathDay: number | null = null;
  let lastContactDay: number | null = null;
  if (treatable) {
    const firstScheme = schemeFor(random, subtypeValue, age, fit);
    const course = simulateCourse(random, {
      subtype: subtypeValue,
      age,
      fit,
      eln: eln?.category ?? null,
      tp53,
      firstScheme,
      salvage: () => salvageFor(random, subtypeValue, age, fit),
      intensive: !/Venetoclax|Azacitidina|Decitabina|low dose/.test(firstScheme),
      horizon,
      molecularTarget:
        drawn?.genetics.markers.some(
          (m) => m.result === 'positive' && ['NPM1', 'RUNX1::RUNX1T1', 'CBFB::MYH11'].includes(m.code),
        ) ?? subtypeValue === 'AML M3',
    });
    relapseDay = course.relapse;
    deathDay = course.death;
    lastContactDay = course.lastContact;
    const lastMs = deathDay !== null ? dxMs + deathDay * DAY : todayMs;
    for (const item of course.lines) {
      const startMs = dxMs + item.start * DAY;
      const blasts = item.mrd ? item.mrd.level : null;
      treatments.push({
        scheme: item.scheme,
        startDate: day(item.start),
        diseaseAssessment: item.response,
        diseaseAssessmentDate: item.assessment !== null && item.responseDated ? day(item.assessment) : null,
        medulogram:
          item.assessment !== null
            ? `Blastos ${item.response && ['RC', 'RCh', 'RCi', 'MLFS'].includes(item.response) ? random.int(0, 4) : random.int(6, 60)}%`
            : null,
        medulogramDate: item.assessment !== null && random.chance(0.95) ? day(item.assessment) : null,
        EMR: item.mrd
          ? `${item.mrd.status === 'negative' ? 'Negativa' : 'Positiva'} (${item.mrd.method})`
          : null,
        EMRDate: item.mrd ? day(item.mrd.day) : null,
        EMRBlasts: blasts,
        EMRStatus: item.mrd?.status ?? null,
        EMRMethod: item.mrd?.method ?? null,
        toxicities: random.chance(0.4)
          ? random.pick(['Neutropenia febril', 'Mucositis grado 2', 'Hepatotoxicidad grado 1'])
          : null,
        drugs: drugsOfScheme(item.scheme).map(({ name, dose, firstDay, lastDay }) => ({
          name,
          dose,
          startApplicationDate: isoDay(Math.min(startMs + (firstDay - 1) * DAY, lastMs)),
          lastAplicationDate: isoDay(Math.min(startMs + (lastDay - 1) * DAY, lastMs)),
        })),
      });
    }
  } else {
    // Untreated in the registry: a relapse or a death now and then, and the visits of the living.
    const relapseAt = random.int(180, 1100);
    if (random.chance(0.2) && relapseAt < horizon) {
      relapseDay = relapseAt;
    }
    const deathAt = (relapseDay ?? 0) + random.int(20, 720);
    if (random.chance((age > 70 ? 0.35 : 0.15) + (relapseDay !== null ? 0.3 : 0)) && deathAt < horizon) {
      deathDay = deathAt;
    } else {
      lastContactDay = Math.max(relapseDay ?? 0, horizon - random.int(0, 150));
    }
  }
  const relapse = relapseDay !== null;
  const dies = deathDay !== null;
  const relapseMs = dxMs + (relapseDay ?? 0) * DAY;
  const deathMs = dxMs + (deathDay ?? 0) * DAY;

  const samples: SeedPatient['samples'] = [];
  if (random.chance(0.85)) {
    samples.push({
      sampleType: random.weighted([
        ['MO', 6],
        ['SP', 2.5],
        ['MO + SP', 1.5],
      ] as const),
      sampleDate: isoDay(Math.min(dxMs + random.int(0, 3) * DAY, todayMs, dies ? deathMs : todayMs)),
      withFile: random.chance(0.02),
    });
  }
  if (relapse && random.chance(0.5)) {
    samples.push({ sampleType: 'MO', sampleDate: isoDay(relapseMs), withFile: false });
  }

  const reports: SeedPatient['reports'] = [];
  if (treatable && !biobank) {
    const all = isAll(subtypeValue);
    const date = isoDay(Math.min(dxMs + random.int(1, 14) * DAY, todayMs, dies ? deathMs : todayMs));
    reports.push(
      {
        name: LAB_REPORT.immunophenotype,
        content: all ? 'CD19+, CD10+, CD34+, TdT+' : 'CD34+, CD117+, CD33+, MPO+',
        date,
      },
      {
        name: LAB_REPORT.cytogenetics,
        content: drawn?.cytogeneticsText ?? otherKaryotype(random, gender, all),
        date,
      },
      {
        name: LAB_REPORT.molecular,
        content: drawn?.molecularText ?? random.pick(all ? MOLECULAR_ALL : ['Sin alteraciones']),
        date,
      },
      { name: LAB_REPORT.medulogram, content: `Blastos ${random.int(20, 95)}%`, date },
    );
    if (drawn?.ngsText) {
      reports.push({ name: LAB_REPORT.ngs, content: drawn.ngsText, date });
    }
    if (random.chance(0.3)) {
      reports.push({ name: NGS_OP, content: `Panel mieloide OP: ${random.pick(NGS_AML)}`, date });
    }
  }

  return {
    createdAt,
    birthDate,
    gender,
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
      genetics: drawn?.genetics ?? null,
    },
    samples,
    treatments,
    reports,
    riskLevel: risk,
    deathDate: dies ? isoDay(deathMs) : null,
    deathCause: dies ? random.pick(DEATH_CAUSES) : null,
    lastContactDate: lastContactDay !== null ? day(lastContactDay) : null,
  };
}
