/**
 * The words coordinators' spreadsheets use for the registry's variables and codes, besides the
 * codebook's own names and labels (which the guessing reads from the codebook itself): short forms,
 * acronyms in Spanish and English, older terms. One table, read by the guessing of columns and values
 * (`import-guess.ts`, on the server and on the mapping screen) and the server's reading of yes and no
 * (`server/src/imports/read/values.ts`). Each word is compared normalised (`import-normalise.ts`):
 * accents, case and punctuation aside. A word that could name two things is not here.
 */

/** The words of yes and no. `1`/`0` and a mark (`X`) are how checkbox columns are typed. */
export const BOOLEAN_WORDS: Readonly<Record<'true' | 'false', readonly string[]>> = {
  true: ['si', 's', 'x', 'yes', 'y', '1', 'true', 'verdadero'],
  false: ['no', 'n', '0', 'false', 'falso'],
};

/**
 * Headers by the variable they name (the codebook's names, CONTRACT §15). Only a variable the import
 * offers is guessed: a word here for one it does not offer is never used.
 */
export const COLUMN_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  identification: [
    'NHC',
    'HC',
    'Historia clínica',
    // `Nº`, `N°`, `Nro.`, `No.` are one (`normaliseHeader`): one form of each is enough.
    'Nº historia',
    'Nº HC',
    'Nº de historia clínica',
    'Historia clínica Nº',
    'HC Nº',
    'ID paciente',
    'Id. paciente',
    'Código de paciente',
    'Código paciente',
    'Cod. paciente',
    'MRN',
    'Medical record number',
    'Patient identification',
    'Patient code',
  ],
  birth_date: [
    'F. nac.',
    'F. nacimiento',
    'Fec. nac.',
    'Fecha nac',
    'Fecha de nac',
    'Fecha nacimiento',
    'FNac',
    'FN',
    'Nacimiento',
    'Año de nacimiento',
    'Año nac',
    'DOB',
    'Date of birth',
    'Birthdate',
    'Year of birth',
  ],
  sex: ['Sexo', 'Sex', 'Género', 'Gender'],
  ecog: ['ECOG PS', 'Performance status', 'Estado funcional'],
  medical_history: [
    'APP',
    'Antecedentes',
    'Antecedentes personales',
    'Antecedentes patológicos',
    'Comorbilidades',
    'Comorbidities',
    'Medical history',
  ],
  code_op: ['Cod. OP', 'Cód. OP', 'OP'],
  dx_date: [
    'Fecha dx',
    'F. dx',
    'Fecha de dx',
    'FDx',
    'Fecha diagnóstico',
    'F. diagnóstico',
    'Fecha diag.',
    'F. diag.',
    'Dx date',
    'Date of diagnosis',
  ],
  dx_subtype: [
    'Diagnóstico',
    'Dx',
    'Subtipo FAB',
    'Clasificación FAB',
    'FAB',
    'Tipo de leucemia',
    'Diagnosis',
    'Subtype',
  ],
  dx_risk: ['Riesgo', 'Riesgo dx', 'Grupo de riesgo', 'Risk', 'Risk group'],
  fitness: ['Fit', 'Fit/Unfit', 'Fitness'],
  organ_failures: ['Falla orgánica', 'Fallo orgánico', 'Fallos orgánicos', 'Organ failure'],
  relapse: ['Recaída', 'Recidiva', 'Relapse'],
  relapse_date: ['Fecha recaída', 'F. recaída', 'Fecha de recidiva', 'F. recidiva', 'Date of relapse'],
  consent: ['Consentimiento informado', 'CI', 'Informed consent'],
  consent_date: [
    'Fecha consentimiento',
    'F. consentimiento',
    'Fecha CI',
    'F. CI',
    'Fecha del consentimiento',
    'Fecha firma CI',
    'Fecha de firma del consentimiento',
    'Date of consent',
  ],
  wbc_dx: [
    'Leucocitos',
    'Leucocitos dx',
    'Leucocitos al dx',
    'Recuento de leucocitos',
    'GB',
    'GB al dx',
    'Glóbulos blancos',
    'WBC',
    'WBC at dx',
    'White blood cells',
  ],
  marrow_blasts_dx: [
    'Blastos',
    'Blastos MO',
    'Blastos en MO',
    'Blastos médula',
    'Blastos en médula ósea',
    '% blastos',
    '% blastos MO',
    'Blasts',
    'BM blasts',
    'Marrow blasts',
  ],
  karyotype: ['Cariotipo dx', 'Karyotype at dx'],
  death_date: [
    'Fecha de muerte',
    'Fecha muerte',
    'Fecha óbito',
    'F. óbito',
    'Fecha de fallecimiento',
    'Fecha fallecimiento',
    'F. fallecimiento',
    'Fecha de defunción',
    'Death date',
    'DOD',
  ],
  death_cause: [
    'Causa de muerte',
    'Causa óbito',
    'Causa de fallecimiento',
    'Causa de defunción',
    'Death cause',
  ],
  last_contact_date: [
    'Fecha último control',
    'Fecha de último control',
    'F. último control',
    'Último seguimiento',
    'Fecha último seguimiento',
    'Último contacto',
    'Fecha último contacto',
    'Fecha de último contacto',
    'Última visita',
    'Fecha última visita',
    'Last contact',
    'Date of last contact',
    'Last follow up',
    'Last seen',
  ],
};

/** Excel-style FAB subtypes, M0 to M7, in each way they are written (`LMA M2`, `aml-m2`, `M2`, `LAM2`). */
const FAB = Object.fromEntries(
  [0, 1, 2, 3, 4, 5, 6, 7].map((n) => [
    `AML M${n}`,
    [`LMA M${n}`, `LAM M${n}`, `LMA${n}`, `LAM${n}`, `M${n}`, `LMA-M${n}`],
  ]),
);

/**
 * Coded values by the code they mean (the enumerations of `shared/src/enums.ts` and the codebook). Only
 * a code of the variable being mapped is guessed: `NR` is a response, and `N/R` (a risk) is another word.
 */
export const VALUE_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  male: ['M', 'Masc', 'Masculino', 'Hombre', 'Varón', 'H', 'V', 'Male', 'Man'],
  female: ['F', 'Fem', 'Femenino', 'Mujer', 'Female', 'Woman'],

  ...FAB,
  'AML M3': [
    ...(FAB['AML M3'] ?? []),
    'LPA',
    'APL',
    'Leucemia promielocítica aguda',
    'Acute promyelocytic leukemia',
  ],
  AML: [
    'LMA',
    'LAM',
    'Leucemia mieloide aguda',
    'Leucemia mieloblástica aguda',
    'Acute myeloid leukemia',
    'Acute myeloid leukaemia',
  ],
  ALL: [
    'LLA',
    'Leucemia linfoblástica aguda',
    'Acute lymphoblastic leukemia',
    'Acute lymphoblastic leukaemia',
  ],
  'ALL-B': ['LLA-B', 'LLA B', 'B-ALL', 'LLA de células B', 'LLA de estirpe B', 'B-cell ALL'],
  'ALL-T': ['LLA-T', 'LLA T', 'T-ALL', 'LLA de células T', 'LLA de estirpe T', 'T-cell ALL'],
  confirm: ['A confirmar', 'Por confirmar', 'Pendiente', 'To be confirmed'],
  Other: ['Otro', 'Otra', 'Otros'],

  Inicial: ['Inicial', 'Initial', 'De novo', 'Primaria', 'Primario', 'Primary'],
  Secundario: ['Secundario', 'Secundaria', 'Secondary'],

  Bajo: ['Bajo', 'Low'],
  Medio: ['Medio', 'Intermedio', 'Intermediate', 'Medium'],
  Alto: ['Alto', 'High'],
  'N/A': ['No aplica', 'Not applicable'],

  RC: ['RC', 'CR', 'Remisión completa', 'Respuesta completa', 'Complete remission', 'Complete response'],
  RCh: ['RCh', 'CRh'],
  RCi: ['RCi', 'CRi', 'Remisión completa con recuperación incompleta'],
  MLFS: ['MLFS', 'Estado libre de leucemia morfológico', 'Morphologic leukemia-free state'],
  RP: ['RP', 'PR', 'Remisión parcial', 'Respuesta parcial', 'Partial remission', 'Partial response'],
  NR: [
    'NR',
    'No respuesta',
    'Refractaria',
    'Refractario',
    'Enfermedad refractaria',
    'No response',
    'Refractory',
  ],
  EP: ['EP', 'PD', 'Progresión', 'Enfermedad progresiva', 'Progressive disease', 'Progression'],
  NE: ['NE', 'No evaluable', 'Not evaluable'],

  // A marker's result and the MRD's.
  negative: [
    'Negativa',
    'Negativo',
    'Neg',
    'Negative',
    'No detectado',
    'No detectada',
    'Not detected',
    'No mutado',
    'Not mutated',
    'WT',
    'Wild type',
  ],
  positive: [
    'Positiva',
    'Positivo',
    'Pos',
    'Positive',
    'Detectado',
    'Detectada',
    'Detected',
    'Mutado',
    'Mutated',
  ],
  not_done: ['No realizada', 'No realizado', 'No hecha', 'No hecho', 'Not done', 'ND'],
  abnormal: ['Anormal', 'Alterado', 'Abnormal'],
  failed: ['Fallido', 'Sin metafases', 'Failed', 'No metaphases'],
  flow: ['Citometría de flujo', 'Citometría', 'CMF', 'Flow cytometry', 'Flow', 'FCM', 'MFC'],
  qPCR: ['qPCR', 'PCR', 'RT-qPCR', 'PCR cuantitativa'],

  MO: ['Médula ósea', 'Médula', 'Bone marrow', 'BM'],
  SP: ['Sangre periférica', 'Sangre', 'Peripheral blood', 'PB'],
  'MO + SP': ['MO y SP', 'MO/SP', 'Médula y sangre', 'BM + PB'],
};
