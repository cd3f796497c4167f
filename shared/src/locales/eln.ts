/**
 * The words of the ELN classifications' reasons (CONTRACT §10, §10b; `genetics/eln-ladder.ts`), in each
 * language. Apart from the shared texts the sign-in page loads: only the classifications read them.
 */
import type { Language } from './index.ts';

const es = {
  categories: {
    favorable: 'favorable',
    intermediate: 'intermedio',
    adverse: 'adverso',
    insufficient: 'datos insuficientes',
    not_applicable: 'no aplicable',
  },
  complex: 'cariotipo complejo',
  monosomal: 'cariotipo monosómico',
  mutated: '{marker} mutado',
  mutatedVaf: '{marker} mutado (VAF {vaf} %)',
  present: '{marker} presente',
  negative: '{marker} negativo',
  rearrangementNegative: 'sin {marker}',
  absent: 'sin {marker}',
  tp53Below: 'TP53 mutado con VAF {vaf} %, por debajo de {min} %: no cuenta',
  none: {
    cbf: 'sin reordenamiento CBF (t(8;21), inv(16)/t(16;16))',
    adverseCytogenetics: 'sin citogenética adversa',
    mrGenes: 'sin mutaciones de genes relacionados con mielodisplasia',
    signalling: 'sin FLT3-ITD, NRAS ni KRAS',
  },
  found: {
    cbf: 'un reordenamiento CBF (t(8;21), inv(16)/t(16;16))',
    t911: 't(9;11)/MLLT3::KMT2A',
    npm1: 'NPM1 mutado',
    flt3Itd: 'FLT3-ITD',
    cebpa: 'CEBPA bZIP mutado',
    adverseCytogenetics: 'citogenética adversa',
    mrGenes: 'una mutación de genes relacionados con mielodisplasia',
    tp53: 'TP53 mutado (VAF ≥ 10 %)',
    ddx41: 'DDX41 mutado',
    idh2: 'IDH2 mutado',
    signalling: 'FLT3-ITD, NRAS o KRAS',
  },
  tests: {
    karyotype: 'cariotipo',
    fish: '{markers} (FISH o RT-PCR)',
    mrGenes: 'genes relacionados con mielodisplasia ({markers})',
    tp53Vaf: 'la VAF de TP53 (sin ella no se sabe si llega a 10 %)',
  },
  decided: '{reasons} → {category}',
  toTest: 'Falta por estudiar: {tests}.',
  leanUnless: '{category} salvo que se encuentre {features}',
  insufficient: '{reasons} → {lean}. {toTest}',
  nothingPositive: 'Lo estudiado',
  notAml: 'La clasificación ELN se aplica a la LMA (salvo la LPA); el subtipo es {subtype}.',
  noSubtype: 'Sin diagnóstico: la clasificación ELN se aplica a la LMA.',
  apl: 'LPA ({markers}): se clasifica aparte.',
  noGenetics: 'Sin genética registrada. Falta por estudiar: {tests}.',
  notLessIntensive:
    'ELN 2024 se aplica a la primera línea de intensidad reducida ({schemes}); la primera línea es {scheme}.',
  noFirstLine:
    'ELN 2024 se aplica a la primera línea de intensidad reducida ({schemes}); no hay primera línea registrada.',
};

export type ElnTexts = typeof es;

const en: ElnTexts = {
  categories: {
    favorable: 'favourable',
    intermediate: 'intermediate',
    adverse: 'adverse',
    insufficient: 'insufficient data',
    not_applicable: 'not applicable',
  },
  complex: 'complex karyotype',
  monosomal: 'monosomal karyotype',
  mutated: '{marker} mutated',
  mutatedVaf: '{marker} mutated (VAF {vaf} %)',
  present: '{marker} present',
  negative: '{marker} negative',
  rearrangementNegative: 'no {marker}',
  absent: 'no {marker}',
  tp53Below: 'TP53 mutated at VAF {vaf} %, below {min} %: does not count',
  none: {
    cbf: 'no CBF rearrangement (t(8;21), inv(16)/t(16;16))',
    adverseCytogenetics: 'no adverse cytogenetics',
    mrGenes: 'no myelodysplasia-related gene mutation',
    signalling: 'no FLT3-ITD, NRAS or KRAS',
  },
  found: {
    cbf: 'a CBF rearrangement (t(8;21), inv(16)/t(16;16))',
    t911: 't(9;11)/MLLT3::KMT2A',
    npm1: 'mutated NPM1',
    flt3Itd: 'FLT3-ITD',
    cebpa: 'a CEBPA bZIP mutation',
    adverseCytogenetics: 'adverse cytogenetics',
    mrGenes: 'a myelodysplasia-related gene mutation',
    tp53: 'mutated TP53 (VAF ≥ 10 %)',
    ddx41: 'mutated DDX41',
    idh2: 'mutated IDH2',
    signalling: 'FLT3-ITD, NRAS or KRAS',
  },
  tests: {
    karyotype: 'karyotype',
    fish: '{markers} (FISH or RT-PCR)',
    mrGenes: 'myelodysplasia-related genes ({markers})',
    tp53Vaf: 'the VAF of TP53 (without it, whether it reaches 10 % is unknown)',
  },
  decided: '{reasons} → {category}',
  toTest: 'Still to test: {tests}.',
  leanUnless: '{category} unless {features} is found',
  insufficient: '{reasons} → {lean}. {toTest}',
  nothingPositive: 'What was tested',
  notAml: 'The ELN classification applies to AML (APL apart); the subtype is {subtype}.',
  noSubtype: 'No diagnosis: the ELN classification applies to AML.',
  apl: 'APL ({markers}): classified apart.',
  noGenetics: 'No genetics recorded. Still to test: {tests}.',
  notLessIntensive:
    'ELN 2024 applies to a less-intensive first line ({schemes}); the first line is {scheme}.',
  noFirstLine: 'ELN 2024 applies to a less-intensive first line ({schemes}); no first line is recorded.',
};

export const ELN_TEXTS: Readonly<Record<Language, ElnTexts>> = { es, en };
