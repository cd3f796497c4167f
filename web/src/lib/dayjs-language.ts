import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import { i18n } from './i18n.ts';

/**
 * Dates (the pickers' month and day names, the formats of dates.ts) follow the
 * language in use: the locales are registered here, with the app's providers (app/providers.tsx) and the
 * modules that format dates, not with the light sign-in page, which shows none.
 */
dayjs.locale(i18n.language);
i18n.on('languageChanged', (language: string) => dayjs.locale(language));
