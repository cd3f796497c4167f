import { zodResolver } from '@hookform/resolvers/zod';
import { type ErrorCode, type MfaCodeBody, mfaCodeBodySchema } from '@registry/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';
import { setServerFieldErrors } from './form-errors.ts';
import { translateRuntimeKey } from './translate.ts';

/** Refusals that are about the typed code: they are shown under the field, which keeps the code. */
const CODE_REFUSALS: readonly ErrorCode[] = ['MFA_CODE_INVALID', 'TOO_MANY_ATTEMPTS'];

interface CodeFormOptions<R> {
  /** The call that spends the code (normalised by the shared schema: no spaces, lower case). */
  readonly submit: (code: string) => Promise<R>;
  readonly onDone: (result: R) => void;
  /** Any refusal that is not about the code (an expired sign-in, a failure): the screen decides. */
  readonly onRefused: (error: unknown) => void;
}

/**
 * The one-field form of a second-factor code (docs/product-rules.md#accounts), validated with the shared
 * `mfaCodeBodySchema`. A wrong code, or too many attempts, lands under the field, which is focused and
 * selected so that the next code replaces it.
 */
export function useCodeForm<R>({ submit, onDone, onRefused }: CodeFormOptions<R>) {
  const { t } = useTranslation();
  const form = useForm<MfaCodeBody, unknown, MfaCodeBody>({
    resolver: zodResolver(mfaCodeBodySchema),
    defaultValues: { code: '' },
  });

  const refused = (error: unknown) => {
    if (error instanceof ApiError && CODE_REFUSALS.includes(error.code)) {
      // The key, not the server's text, so that the message follows a change of language.
      form.setError('code', { type: 'server', message: `errors.${error.code}` });
      form.setFocus('code', { shouldSelect: true });
      return;
    }
    if (setServerFieldErrors(error, form.setError, ['code'])) {
      return;
    }
    onRefused(error);
  };

  const onSubmit = form.handleSubmit(({ code }) => submit(code).then(onDone, refused));

  return {
    form,
    onSubmit,
    /** The field's message, translated. */
    error: translateRuntimeKey(t, form.formState.errors.code?.message) || undefined,
    /** Empties the field and its message, e.g. when the kind of code changes. */
    clear: () => {
      form.setValue('code', '');
      form.clearErrors('code');
    },
  };
}
