import { sharedTexts } from '@registry/shared';
import { addTexts } from '../lib/i18n.ts';
import enCodebook from '../locales/en/codebook.json';
import enImports from '../locales/en/imports.json';
import enOutcomes from '../locales/en/outcomes.json';
import enPatients from '../locales/en/patients.json';
import enQuality from '../locales/en/quality.json';
import enShell from '../locales/en/shell.json';
import en from '../locales/en/translation.json';
import enWizard from '../locales/en/wizard.json';
import esCodebook from '../locales/es/codebook.json';
import esImports from '../locales/es/imports.json';
import esOutcomes from '../locales/es/outcomes.json';
import esPatients from '../locales/es/patients.json';
import esQuality from '../locales/es/quality.json';
import esShell from '../locales/es/shell.json';
import es from '../locales/es/translation.json';
import esWizard from '../locales/es/wizard.json';

// The app fetches each group of texts when a screen needs it; a component test has them all at once, in
// both languages, before anything renders.
addTexts('es', 'translation', { ...es, ...sharedTexts.es });
addTexts('es', 'shell', esShell);
addTexts('es', 'patients', esPatients);
addTexts('es', 'wizard', esWizard);
addTexts('es', 'outcomes', esOutcomes);
addTexts('es', 'quality', esQuality);
addTexts('es', 'codebook', esCodebook);
addTexts('es', 'imports', esImports);
addTexts('en', 'translation', { ...en, ...sharedTexts.en });
addTexts('en', 'shell', enShell);
addTexts('en', 'patients', enPatients);
addTexts('en', 'wizard', enWizard);
addTexts('en', 'outcomes', enOutcomes);
addTexts('en', 'quality', enQuality);
addTexts('en', 'codebook', enCodebook);
addTexts('en', 'imports', enImports);

// The datasets' texts are no group: their screens add them (features/datasets/datasets-texts.ts).
import '../features/datasets/datasets-texts.ts';
