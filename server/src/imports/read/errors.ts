import type { ImportFileCode, ImportMessageParams } from '@registry/shared';

/**
 * Why an uploaded file is refused (CONTRACT §14): a stable `code`, whose message is the shared text
 * `importFile.<code>` with these `params`, in either language (`translateImportMessage`). Nothing of the
 * file is kept when it is thrown.
 */
export class ImportFileError extends Error {
  readonly code: ImportFileCode;
  readonly params: ImportMessageParams;

  constructor(code: ImportFileCode, params: ImportMessageParams = {}) {
    super(`import file refused: ${code}`);
    this.name = 'ImportFileError';
    this.code = code;
    this.params = params;
  }

  /** The shared message key of this refusal. */
  get messageKey(): `importFile.${ImportFileCode}` {
    return `importFile.${this.code}`;
  }
}
