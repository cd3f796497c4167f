import {
  type Language,
  translateImportCheckMessage,
  translateImportMessage,
  translateKey,
} from '@registry/shared';

/**
 * An import message in a language: the import's own (`importRow`, `importMapping`, `importSheet`), the
 * reader's (`importFile`, `importValue`), or a shared text (`validation.futureDate`, `errors.CONSENT_REQUIRED`).
 */
export function messageText(
  language: Language,
  key: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const group = key.split('.')[0] ?? '';
  if (group === 'importRow' || group === 'importMapping' || group === 'importSheet') {
    return translateImportCheckMessage(language, key, params);
  }
  if (group === 'importFile' || group === 'importValue') {
    return translateImportMessage(language, key, params);
  }
  return translateKey(language, key);
}
