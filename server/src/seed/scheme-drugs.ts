import type { TreatmentScheme } from '@registry/shared';

/**
 * The drugs of each treatment scheme the cohort uses, with doses from the usual published protocols
 * (induction or first course). Days are the first and last day of the drug counted from the scheme's
 * start (day 1), so that a drug given later in the cycle (midostaurin from day 8, the MTX–AraC course of
 * HyperCVAD) starts later.
 */
export interface SchemeDrug {
  readonly name: string;
  readonly dose: string;
  readonly firstDay: number;
  readonly lastDay: number;
}

const drug = (name: string, dose: string, firstDay: number, lastDay: number): SchemeDrug => ({
  name,
  dose,
  firstDay,
  lastDay,
});

/** Free-text schemes the cohort gives acute promyelocytic leukaemia (stored behind 'Other: '). */
export const APL_SCHEMES = ['Other: ATRA + ATO', 'Other: AIDA'] as const;

type SeededScheme = Exclude<TreatmentScheme, 'Other'> | (typeof APL_SCHEMES)[number];

const cytarabine7 = (dose: string) => drug('Citarabina', `${dose} mg/m2/día IC continua`, 1, 7);
const midostaurin = drug('Midostaurina', '50 mg c/12 h VO', 8, 21);
const allInduction = (vincristine: string, daunorubicin: string, asparaginase: SchemeDrug | null) => [
  drug('Prednisona', '60 mg/m2/día', 1, 28),
  drug('Vincristina', vincristine, 8, 29),
  drug('Daunorrubicina', daunorubicin, 8, 29),
  ...(asparaginase ? [asparaginase] : []),
  drug('Metotrexato intratecal', '12 mg', 1, 1),
];

/** Every scheme of the enumeration except the free-text Other, and the free-text APL schemes. */
export const SCHEME_DRUGS: Readonly<Record<SeededScheme, readonly SchemeDrug[]>> = {
  '7+3 AraC + IDA': [cytarabine7('100'), drug('Idarrubicina', '12 mg/m2/día', 1, 3)],
  '7+3 AraC + DNR': [cytarabine7('100'), drug('Daunorrubicina', '60 mg/m2/día', 1, 3)],
  '7+3 AraC + IDA + MIDO': [cytarabine7('100'), drug('Idarrubicina', '12 mg/m2/día', 1, 3), midostaurin],
  '7+3 AraC + DNR + MIDO': [cytarabine7('200'), drug('Daunorrubicina', '60 mg/m2/día', 1, 3), midostaurin],
  '7+3 AraC + MTT': [cytarabine7('100'), drug('Mitoxantrona', '12 mg/m2/día', 1, 3)],
  'Venetoclax + Azacitidina': [
    drug('Venetoclax', '400 mg/día VO (tras escalada)', 1, 28),
    drug('Azacitidina', '75 mg/m2/día SC', 1, 7),
  ],
  Azacitidina: [drug('Azacitidina', '75 mg/m2/día SC', 1, 7)],
  Decitabina: [drug('Decitabina', '20 mg/m2/día', 1, 5)],
  'Venetoclax + Ara-C low dose': [
    drug('Venetoclax', '600 mg/día VO (tras escalada)', 1, 28),
    drug('Citarabina', '20 mg/m2/día SC', 1, 10),
  ],
  'FLAG-Ida': [
    drug('Fludarabina', '30 mg/m2/día', 1, 5),
    drug('Citarabina', '2 g/m2/día', 1, 5),
    drug('Idarrubicina', '10 mg/m2/día', 1, 3),
    drug('G-CSF (filgrastim)', '5 mcg/kg/día SC', 1, 7),
  ],
  'CLAG-IDA': [
    drug('Cladribina', '5 mg/m2/día', 1, 5),
    drug('Citarabina', '2 g/m2/día', 1, 5),
    drug('Idarrubicina', '10 mg/m2/día', 1, 3),
    drug('G-CSF (filgrastim)', '300 mcg/día SC', 1, 6),
  ],
  'Etopósido + Citarabina + Mitoxantrona': [
    drug('Mitoxantrona', '6 mg/m2/día', 1, 6),
    drug('Etopósido', '80 mg/m2/día', 1, 6),
    drug('Citarabina', '1 g/m2/día', 1, 6),
  ],
  'Ara-C low dose': [drug('Citarabina', '20 mg c/12 h SC', 1, 10)],
  BFM: allInduction(
    '1.5 mg/m2 semanal (máx. 2 mg)',
    '30 mg/m2 semanal',
    drug('PEG-asparaginasa', '2500 UI/m2', 12, 26),
  ),
  'GATLA 2017': allInduction(
    '1.5 mg/m2 semanal (máx. 2 mg)',
    '30 mg/m2 semanal',
    drug('L-asparaginasa', '5000 UI/m2', 12, 33),
  ),
  'GATLA 2019 AYA': allInduction(
    '1.5 mg/m2 semanal (máx. 2 mg)',
    '30 mg/m2 semanal',
    drug('PEG-asparaginasa', '2500 UI/m2', 12, 26),
  ),
  'GATLA 2019 Adultos': allInduction(
    '1.5 mg/m2 semanal (máx. 2 mg)',
    '30 mg/m2 semanal',
    drug('L-asparaginasa', '5000 UI/m2', 12, 33),
  ),
  'GATLA 2019 >60': allInduction('1 mg semanal', '25 mg/m2 semanal', null),
  HyperCVAD: [
    drug('Ciclofosfamida', '300 mg/m2 c/12 h', 1, 3),
    drug('Mesna', '600 mg/m2/día IC', 1, 3),
    drug('Vincristina', '2 mg (días 4 y 11)', 4, 11),
    drug('Doxorrubicina', '50 mg/m2', 4, 4),
    drug('Dexametasona', '40 mg/día (días 1–4 y 11–14)', 1, 14),
  ],
  'HyperCVAD-AD MTX-AraC': [
    drug('Ciclofosfamida', '300 mg/m2 c/12 h', 1, 3),
    drug('Vincristina', '2 mg (días 4 y 11)', 4, 11),
    drug('Doxorrubicina', '50 mg/m2', 4, 4),
    drug('Dexametasona', '40 mg/día (días 1–4 y 11–14)', 1, 14),
    drug('Metotrexato', '1 g/m2 IC 24 h', 22, 22),
    drug('Citarabina', '3 g/m2 c/12 h', 23, 24),
  ],
  AloTCHP: [
    drug('Fludarabina', '40 mg/m2/día', 1, 4),
    drug('Busulfán', '3.2 mg/kg/día IV', 1, 4),
    drug('Globulina antitimocítica', '2.5 mg/kg/día', 3, 4),
    drug('Ciclosporina', '3 mg/kg/día IV', 6, 28),
  ],
  AutoTCPH: [drug('Busulfán', '3.2 mg/kg/día IV', 1, 4), drug('Ciclofosfamida', '60 mg/kg/día', 5, 6)],
  'Other: ATRA + ATO': [
    drug('ATRA (tretinoína)', '45 mg/m2/día VO', 1, 30),
    drug('Trióxido de arsénico', '0.15 mg/kg/día IV', 1, 28),
  ],
  'Other: AIDA': [
    drug('ATRA (tretinoína)', '45 mg/m2/día VO', 1, 30),
    drug('Idarrubicina', '12 mg/m2 (días 2, 4, 6 y 8)', 2, 8),
  ],
};

/** The drugs of a scheme the cohort uses; a scheme without a table is a mistake in the cohort. */
export function drugsOfScheme(scheme: string): readonly SchemeDrug[] {
  const drugs = (SCHEME_DRUGS as Readonly<Record<string, readonly SchemeDrug[]>>)[scheme];
  if (!drugs) {
    throw new Error(`No drugs for the seeded scheme ${scheme}`);
  }
  return drugs;
}
