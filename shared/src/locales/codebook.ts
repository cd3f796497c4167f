import type { KaryotypeFinding } from '../genetics/markers.ts';
import type { Language } from './index.ts';

/**
 * The codebook's own words (CONTRACT §15), in each language: the labels of the variables that no export
 * writes (the dataset's keys, the derived endpoints, the markers), the rule of each derived variable
 * and the labels of the codes only the codebook has. A variable an export writes is labelled with the
 * export's header instead (`exports.ts`). Only the server reads these: the web app gets them from
 * `GET /api/codebook`.
 */

/** The labels the codebook writes itself. */
export type CodebookLabel =
  | 'pid'
  | 'centre'
  | 'registrationDate'
  | 'ageDx'
  | 'dxYear'
  | 'firstCrTreatment'
  | 'osDays'
  | 'osEvent'
  | 'efsDays'
  | 'efsEvent'
  | 'rfsCrDays'
  | 'rfsCrEvent'
  | 'relapseDays'
  | 'relapseEvent'
  | 'nrmDays'
  | 'nrmEvent'
  | 'marker'
  | 'markerResult'
  | 'markerVaf'
  | 'markerSource';

/** The rules of the derived variables, each naming the contract's definition. */
export type CodebookDerivation =
  | 'pid'
  | 'centre'
  | 'ageDx'
  | 'dxYear'
  | 'eln2022'
  | 'eln2024'
  | 'firstCrDate'
  | 'firstCrCategory'
  | 'firstCrTreatment'
  | 'mrdNegativeInCr'
  | 'inductionFailure'
  | 'transplantType'
  | 'transplantDate'
  | 'transplantInCr1'
  | 'osDays'
  | 'osEvent'
  | 'efsDays'
  | 'efsEvent'
  | 'rfsCrDays'
  | 'rfsCrEvent'
  | 'relapseDays'
  | 'relapseEvent'
  | 'nrmDays'
  | 'nrmEvent'
  | 'markerResult'
  | 'markerSource';

/** The codes only the codebook labels, each set with every one of its codes (a missing label fails the typecheck). */
export interface CodebookValueLabels {
  readonly osEvent: Record<'0' | '1', string>;
  readonly efsEvent: Record<'0' | '1', string>;
  readonly rfsCrEvent: Record<'0' | '1', string>;
  readonly relapseEvent: Record<'0' | '1' | '2', string>;
  readonly nrmEvent: Record<'0' | '1', string>;
  readonly markerSource: Record<'entered' | 'karyotype' | 'normalKaryotype' | 'definition', string>;
}

/** The units written as words, in the language of the codebook; a symbol (`%`, `10^9/L`) is the same in both. */
export type CodebookUnit = 'days' | 'years';
/** A variable's unit: a word of the codebook's texts, or a symbol. */
export type VariableUnit = CodebookUnit | '%' | '10^9/L';

export interface CodebookTexts {
  readonly labels: Record<CodebookLabel, string>;
  readonly units: Record<CodebookUnit, string>;
  readonly derivations: Record<CodebookDerivation, string>;
  readonly values: CodebookValueLabels;
  /** A marker's variable in the patients table, by its group: `{marker}` is its code. */
  readonly markerLabels: {
    readonly rearrangement: string;
    readonly mutation: string;
    readonly vaf: string;
    readonly findings: Record<KaryotypeFinding, string>;
  };
}

const es: CodebookTexts = {
  units: { days: 'días', years: 'años' },
  labels: {
    pid: 'Identificador seudónimo del paciente',
    centre: 'Centro',
    registrationDate: 'Fecha de registro',
    ageDx: 'Edad al diagnóstico (años)',
    dxYear: 'Año del diagnóstico',
    firstCrTreatment: 'Tratamiento de la primera RC (orden)',
    osDays: 'Supervivencia global: días',
    osEvent: 'Supervivencia global: evento',
    efsDays: 'Supervivencia libre de eventos: días',
    efsEvent: 'Supervivencia libre de eventos: evento',
    rfsCrDays: 'Supervivencia libre de recaída desde la RC: días',
    rfsCrEvent: 'Supervivencia libre de recaída desde la RC: evento',
    relapseDays: 'Recaída (incidencia acumulada): días',
    relapseEvent: 'Recaída (incidencia acumulada): evento',
    nrmDays: 'Mortalidad sin recaída: días',
    nrmEvent: 'Mortalidad sin recaída: evento',
    marker: 'Marcador',
    markerResult: 'Resultado del marcador',
    markerVaf: 'VAF (%)',
    markerSource: 'Origen del resultado',
  },
  derivations: {
    pid: 'CONTRACT §15: los primeros 16 dígitos hexadecimales del HMAC-SHA256, con la clave del servidor, de la clave del estudio y el id del paciente; el mismo para la misma clave del estudio.',
    centre: 'CONTRACT §15: la institución numerada C01, C02… por la clave del estudio.',
    ageDx:
      'Años cumplidos de birth_date a dx_date (con solo el año de nacimiento, la diferencia de los años); un conjunto de datos desidentificado escribe 90 por 90 o más (CONTRACT §15).',
    dxYear: 'CONTRACT §15: el año de dx_date.',
    eln2022: 'CONTRACT §10: el riesgo genético ELN 2022 del primer diagnóstico.',
    eln2024: 'CONTRACT §10b: el riesgo genético ELN 2024 para terapia de menor intensidad.',
    firstCrDate:
      'CONTRACT §11 (firstCR): la evaluación más temprana en o después del diagnóstico con RC, RCh o RCi; fechada por su fecha, si no por la del medulograma.',
    firstCrCategory: 'CONTRACT §11 (firstCR): la categoría de esa evaluación (RC, RCh o RCi).',
    firstCrTreatment: 'CONTRACT §11 (firstCR): el orden del tratamiento de esa evaluación.',
    mrdNegativeInCr:
      'CONTRACT §11 (mrdNegativeInCR): una EMR negativa en o después de la primera RC y antes de una recaída; vacía sin RC o sin EMR.',
    inductionFailure:
      'CONTRACT §11 (inductionFailure): el tratamiento de orden 1 evaluado NR o EP sin una RC antes del siguiente tratamiento; vacía sin evaluación.',
    transplantType:
      'CONTRACT §11 (transplant): el primer tratamiento con esquema AloTCHP (allo) o AutoTCPH (auto).',
    transplantDate: 'CONTRACT §11 (transplant): la fecha de inicio de ese tratamiento.',
    transplantInCr1:
      'CONTRACT §11 (transplant.inCR1): el trasplante en o después de la primera RC y antes de una recaída.',
    osDays:
      'CONTRACT §9 (os): días desde dx_date hasta death_date; sin óbito, hasta la última fecha en que se supo vivo al paciente.',
    osEvent: 'CONTRACT §9 (os): 1 si falleció, 0 si está censurado.',
    efsDays:
      'CONTRACT §11 (efs): días desde dx_date hasta el primero de: fallo de la inducción (día 0), recaída u óbito; si no, hasta la última fecha en que se supo vivo.',
    efsEvent: 'CONTRACT §11 (efs): 1 si hubo fallo de la inducción, recaída u óbito, 0 si está censurado.',
    rfsCrDays:
      'CONTRACT §11 (rfsCR): solo con primera RC; días desde first_cr_date hasta la recaída posterior o el óbito; si no, hasta la última fecha en que se supo vivo.',
    rfsCrEvent: 'CONTRACT §11 (rfsCR): 1 si recayó o falleció después de la RC, 0 si está censurado.',
    relapseDays:
      'CONTRACT §9 (cir): días desde dx_date hasta la recaída, el óbito sin recaída o la última fecha en que se supo vivo.',
    relapseEvent:
      'CONTRACT §9 (cir): 1 recaída, 2 óbito sin recaída previa (evento competitivo), 0 censurado; una recaída y un óbito el mismo día cuentan como recaída.',
    nrmDays: 'CONTRACT §11 (nrm): los mismos días que relapse_days.',
    nrmEvent:
      'CONTRACT §11 (nrm): 1 óbito sin recaída previa; 0 en otro caso (la recaída es el evento competitivo: relapse_event 1).',
    markerResult:
      'CONTRACT §10 («Reading, revised»): el marcador como lo lee la clasificación ELN: el ingresado; si no, el que implica el texto del cariotipo o un cariotipo normal.',
    markerSource: 'CONTRACT §10: de dónde viene el resultado del marcador.',
  },
  values: {
    osEvent: { '0': 'Censurado', '1': 'Óbito' },
    efsEvent: { '0': 'Censurado', '1': 'Fallo de la inducción, recaída u óbito' },
    rfsCrEvent: { '0': 'Censurado', '1': 'Recaída u óbito' },
    relapseEvent: { '0': 'Censurado', '1': 'Recaída', '2': 'Óbito sin recaída' },
    nrmEvent: { '0': 'Censurado o recaída', '1': 'Óbito sin recaída' },
    markerSource: {
      entered: 'Ingresado',
      karyotype: 'Leído del cariotipo',
      normalKaryotype: 'Cariotipo normal',
      definition: 'Por definición (cariotipo complejo o monosómico)',
    },
  },
  markerLabels: {
    rearrangement: '{marker}',
    mutation: '{marker} mutado',
    vaf: '{marker} VAF (%)',
    findings: {
      '-5/del(5q)': '-5/del(5q)',
      '-7': '-7 (monosomía 7)',
      '-17/abn(17p)': '-17/abn(17p)',
      complex: 'Cariotipo complejo',
      monosomal: 'Cariotipo monosómico',
    },
  },
};

const en: CodebookTexts = {
  units: { days: 'days', years: 'years' },
  labels: {
    pid: 'Pseudonymous patient id',
    centre: 'Centre',
    registrationDate: 'Registration date',
    ageDx: 'Age at diagnosis (years)',
    dxYear: 'Year of diagnosis',
    firstCrTreatment: 'Treatment of the first CR (order)',
    osDays: 'Overall survival: days',
    osEvent: 'Overall survival: event',
    efsDays: 'Event-free survival: days',
    efsEvent: 'Event-free survival: event',
    rfsCrDays: 'Relapse-free survival from CR: days',
    rfsCrEvent: 'Relapse-free survival from CR: event',
    relapseDays: 'Relapse (cumulative incidence): days',
    relapseEvent: 'Relapse (cumulative incidence): event',
    nrmDays: 'Non-relapse mortality: days',
    nrmEvent: 'Non-relapse mortality: event',
    marker: 'Marker',
    markerResult: 'Marker result',
    markerVaf: 'VAF (%)',
    markerSource: 'Source of the result',
  },
  derivations: {
    pid: "CONTRACT §15: the first 16 hex digits of HMAC-SHA256, keyed by the server's secret, over the study key and the patient's id; the same for the same study key.",
    centre: 'CONTRACT §15: the institution numbered C01, C02… by the study key.',
    ageDx:
      'Whole years from birth_date to dx_date (with a birth year alone, the difference of the years); a de-identified dataset writes 90 for 90 or more (CONTRACT §15).',
    dxYear: 'CONTRACT §15: the year of dx_date.',
    eln2022: 'CONTRACT §10: the ELN 2022 genetic risk of the first diagnostic.',
    eln2024: 'CONTRACT §10b: the ELN 2024 genetic risk for less-intensive therapy.',
    firstCrDate:
      "CONTRACT §11 (firstCR): the earliest assessment on or after the diagnosis whose category is CR, CRh or CRi; dated by its own date, else by the treatment's medulogram.",
    firstCrCategory: 'CONTRACT §11 (firstCR): the category of that assessment (CR, CRh or CRi).',
    firstCrTreatment: 'CONTRACT §11 (firstCR): the order of the treatment of that assessment.',
    mrdNegativeInCr:
      'CONTRACT §11 (mrdNegativeInCR): a negative MRD on or after the first CR and before any relapse; empty without a CR or without an MRD result.',
    inductionFailure:
      'CONTRACT §11 (inductionFailure): the treatment with order 1 assessed NR or PD with no CR before the next treatment; empty when it was not assessed.',
    transplantType:
      'CONTRACT §11 (transplant): the first treatment whose scheme is AloTCHP (allo) or AutoTCPH (auto).',
    transplantDate: "CONTRACT §11 (transplant): that treatment's start date.",
    transplantInCr1:
      'CONTRACT §11 (transplant.inCR1): the transplant on or after the first CR and before any relapse.',
    osDays:
      'CONTRACT §9 (os): days from dx_date to death_date; without a death, to the last date the patient was known alive.',
    osEvent: 'CONTRACT §9 (os): 1 when the patient died, 0 when censored.',
    efsDays:
      'CONTRACT §11 (efs): days from dx_date to the first of induction failure (day 0), relapse or death; otherwise to the last date known alive.',
    efsEvent: 'CONTRACT §11 (efs): 1 for an induction failure, a relapse or a death, 0 when censored.',
    rfsCrDays:
      'CONTRACT §11 (rfsCR): only with a first CR; days from first_cr_date to a later relapse or death; otherwise to the last date known alive.',
    rfsCrEvent: 'CONTRACT §11 (rfsCR): 1 for a relapse or a death after the CR, 0 when censored.',
    relapseDays:
      'CONTRACT §9 (cir): days from dx_date to the relapse, the death without relapse or the last date known alive.',
    relapseEvent:
      'CONTRACT §9 (cir): 1 relapse, 2 death without a prior relapse (competing event), 0 censored; a relapse and a death on the same day count as a relapse.',
    nrmDays: 'CONTRACT §11 (nrm): the same days as relapse_days.',
    nrmEvent:
      'CONTRACT §11 (nrm): 1 death without a prior relapse; 0 otherwise (relapse is the competing event: relapse_event 1).',
    markerResult:
      'CONTRACT §10 ("Reading, revised"): the marker as the ELN classification reads it: as entered; else as the karyotype text or a normal karyotype implies it.',
    markerSource: "CONTRACT §10: where the marker's result comes from.",
  },
  values: {
    osEvent: { '0': 'Censored', '1': 'Death' },
    efsEvent: { '0': 'Censored', '1': 'Induction failure, relapse or death' },
    rfsCrEvent: { '0': 'Censored', '1': 'Relapse or death' },
    relapseEvent: { '0': 'Censored', '1': 'Relapse', '2': 'Death without relapse' },
    nrmEvent: { '0': 'Censored or relapse', '1': 'Death without relapse' },
    markerSource: {
      entered: 'Entered',
      karyotype: 'Read from the karyotype',
      normalKaryotype: 'Normal karyotype',
      definition: 'By definition (complex or monosomal karyotype)',
    },
  },
  markerLabels: {
    rearrangement: '{marker}',
    mutation: '{marker} mutation',
    vaf: '{marker} VAF (%)',
    findings: {
      '-5/del(5q)': '-5/del(5q)',
      '-7': '-7 (monosomy 7)',
      '-17/abn(17p)': '-17/abn(17p)',
      complex: 'Complex karyotype',
      monosomal: 'Monosomal karyotype',
    },
  },
};

export const CODEBOOK_TEXTS: Record<Language, CodebookTexts> = { es, en };
