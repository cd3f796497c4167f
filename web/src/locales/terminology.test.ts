import { CODEBOOK_TEXTS, EXPORT_TEXTS, type Language, sharedTexts } from '@registry/shared';
import { describe, expect, it } from 'vitest';

/**
 * One word for one thing in each language, across the wizard, the patient file, the lists, the
 * outcomes, the exports and the server's messages: each concept has its canonical word and the spellings
 * that must not appear instead of it. A text that means something else (the follow-up, for one) is not
 * a variant and is not listed.
 */
interface Concept {
  readonly concept: string;
  readonly canonical: Readonly<Record<Language, string>>;
  readonly forbidden: Readonly<Record<Language, readonly RegExp[]>>;
}

const CONCEPTS: readonly Concept[] = [
  {
    concept: 'clinical monitoring of a treatment',
    canonical: { es: 'Monitoreo clínico', en: 'Clinical monitoring' },
    forbidden: { es: [/seguimiento cl[ií]nico/i, /monitorizaci[oó]n/i], en: [/clinical follow-?up/i] },
  },
  {
    concept: 'cytogenetics (the lab-report entry)',
    canonical: { es: 'Citogenética', en: 'Cytogenetics' },
    forbidden: { es: [/citogen[ée]tico/i], en: [/\bcytogenetic\b/i] },
  },
  {
    concept: 'measurable residual disease',
    canonical: { es: 'EMR', en: 'MRD' },
    forbidden: { es: [/\bMRD\b/, /enfermedad residual m[ií]nima/i], en: [/\bEMR\b/] },
  },
  {
    concept: 'medulogram',
    canonical: { es: 'Medulograma', en: 'Medulogram' },
    forbidden: { es: [/mielograma/i], en: [/medullogram/i, /myelogram/i] },
  },
  {
    concept: 'drug of a treatment',
    canonical: { es: 'Droga', en: 'Drug' },
    forbidden: {
      es: [/f[áa]rmaco/i, /medicamento/i, /eliminar la dosis/i],
      en: [/medication/i, /\bmedicines?\b/i, /delete the dose/i],
    },
  },
  {
    concept: "the admin's patient code",
    canonical: { es: 'Código OP', en: 'Code OP' },
    forbidden: {
      es: [/\bCode OP\b/, /c[oó]digo de OP/i, /\bOP code\b/i],
      en: [/\bOP code\b/i, /\bcode of OP\b/i],
    },
  },
  {
    concept: 'past medical history',
    canonical: { es: 'Antecedentes patológicos personales', en: 'Past medical history' },
    forbidden: {
      es: [/antecedentes patol[oó]gicos(?! personales)/i, /antecedentes m[ée]dicos/i],
      en: [/pathological history/i],
    },
  },
  {
    concept: 'lab report',
    canonical: { es: 'Informe de laboratorio', en: 'Lab report' },
    forbidden: { es: [/reporte de laboratorio/i, /informe del laboratorio/i], en: [/laboratory report/i] },
  },
  {
    concept: 'pre-treatment samples',
    canonical: { es: 'Muestras pretratamiento', en: 'Pre-treatment samples' },
    forbidden: { es: [/pre[- ]tratamiento/i], en: [/pretreatment/i] },
  },
  {
    concept: 'relapse',
    canonical: { es: 'Recaída', en: 'Relapse' },
    forbidden: { es: [/recidiva/i], en: [/recurrence/i] },
  },
  {
    concept: 'treatment scheme',
    canonical: { es: 'Esquema', en: 'Scheme' },
    forbidden: { es: [/r[ée]gimen/i], en: [/\bregimen\b/i] },
  },
  {
    concept: 'death',
    canonical: { es: 'Óbito', en: 'Death' },
    forbidden: { es: [/defunci[oó]n/i, /fallecimiento/i], en: [/\bdemise\b/i] },
  },
  {
    concept: 'the risk level of the diagnosis',
    canonical: { es: 'Riesgo del diagnóstico', en: 'Diagnostic risk' },
    // A bare 'risk level' does not say which of the two risks it is.
    forbidden: {
      es: [/^nivel de riesgo$/i, /riesgo al diagn[oó]stico/i],
      en: [/^risk level$/i, /risk at diagnosis/i],
    },
  },
  {
    concept: 'the risk level of the lab report',
    canonical: { es: 'Riesgo del informe de laboratorio', en: 'Lab-report risk' },
    forbidden: {
      es: [/riesgo (seg[uú]n|por) (el )?laboratorio/i],
      en: [/risk level of the lab/i, /lab risk\b/i],
    },
  },
  {
    concept: 'immunophenotype',
    canonical: { es: 'Inmunofenotipo', en: 'Immunophenotype' },
    forbidden: { es: [/inmunofenotipificaci[oó]n/i], en: [/immunophenotyping/i] },
  },
  {
    concept: 'molecular studies',
    canonical: { es: 'Estudios moleculares', en: 'Molecular studies' },
    forbidden: { es: [/biolog[íi]a molecular/i], en: [/molecular biology/i] },
  },
  {
    concept: 'the date of the consent',
    canonical: { es: 'Fecha de consentimiento', en: 'Consent date' },
    forbidden: { es: [/fecha del consentimiento/i], en: [/date of (the )?consent/i] },
  },
];

interface Text {
  readonly where: string;
  readonly text: string;
}

/** Every string of a texts object, with its key path. */
function textsOf(value: unknown, where: string): Text[] {
  if (typeof value === 'string') {
    return [{ where, text: value }];
  }
  if (Array.isArray(value) || typeof value !== 'object' || value === null) {
    return [];
  }
  return Object.entries(value).flatMap(([key, inner]) => textsOf(inner, `${where}.${key}`));
}

const files = import.meta.glob<unknown>('./*/*.json', { eager: true, import: 'default' });
const LANGUAGES: readonly Language[] = ['es', 'en'];

/** The web app's files, the shared texts (the server's messages) and the exports' texts. */
function allTexts(language: Language): Text[] {
  const web = Object.entries(files)
    .filter(([file]) => file.startsWith(`./${language}/`))
    .flatMap(([file, table]) => textsOf(table, `web${file.slice(1)}`));
  return [
    ...web,
    ...textsOf(sharedTexts[language], `shared/${language}`),
    ...textsOf(EXPORT_TEXTS[language], `exports/${language}`),
    ...textsOf(CODEBOOK_TEXTS[language], `codebook/${language}`),
  ];
}

describe('terminology', () => {
  it('reads every translation file of both languages', () => {
    for (const language of LANGUAGES) {
      const texts = allTexts(language);
      expect(texts.length).toBeGreaterThan(500);
      expect(texts.some((text) => text.where.startsWith(`web/${language}/wizard.json`))).toBe(true);
      expect(texts.some((text) => text.where.startsWith(`shared/${language}`))).toBe(true);
      expect(texts.some((text) => text.where.startsWith(`exports/${language}`))).toBe(true);
    }
  });

  describe.each(LANGUAGES)('in %s', (language) => {
    const texts = allTexts(language);

    it.each(CONCEPTS.map((concept) => [concept.concept, concept] as const))(
      '%s is spelled one way only',
      (_name, concept) => {
        const canonical = concept.canonical[language].toLowerCase();
        expect(
          texts.some((text) => text.text.toLowerCase().includes(canonical)),
          `'${concept.canonical[language]}' is used`,
        ).toBe(true);
        const offending = texts.filter((text) =>
          concept.forbidden[language].some((variant) => variant.test(text.text)),
        );
        expect(offending.map((text) => `${text.where}: ${text.text}`)).toEqual([]);
      },
    );
  });

  it('catches a variant: the wizard once said "Seguimiento clínico" and "Citogenético"', () => {
    const [monitoring, cytogenetics] = CONCEPTS;
    expect(monitoring?.forbidden.es.some((variant) => variant.test('Seguimiento clínico'))).toBe(true);
    expect(cytogenetics?.forbidden.es.some((variant) => variant.test('Citogenético'))).toBe(true);
    expect(cytogenetics?.forbidden.es.some((variant) => variant.test('Citogenética'))).toBe(false);
  });
});
