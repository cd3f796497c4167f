import { useCallback, useLayoutEffect, useState } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isStaleVersion } from './api-client.ts';
import { setServerFieldErrors } from './form-errors.ts';
import { notify } from './notify.ts';
import { serverMessage } from './translate.ts';

interface ModalFormOptions<V extends FieldValues, Out, R> {
  readonly form: UseFormReturn<V, unknown, Out>;
  /** The fields the server's messages may land on. */
  readonly fields: readonly Path<V>[];
  /** The write; its refusal is shown in the modal, which stays open. */
  readonly save: (values: Out) => Promise<R>;
  /** The failure's text when the server sends none of its own. */
  readonly fallback: string;
  /** The success toast's text, if the modal says so itself. */
  readonly savedMessage?: string;
  /** After the save (and its toast): close the modal, tell the screen. */
  readonly onSaved: (result: R) => void;
  /** The write names the patient's version: a 412 sets `stale` (the conflict alert) instead of a failure. */
  readonly versioned?: boolean;
  /** Whether the modal is open: each opening starts again from `initial` (below). */
  readonly opened?: boolean;
  /**
   * What the form holds each time the modal opens, read then and only then: a list or a patient read
   * again while the modal is open must not wipe what was typed.
   */
  readonly initial?: () => DefaultValues<V>;
}

/**
 * The save chain of every modal form: validate, write, then toast and close; or the server's messages
 * on their fields and its failure text above them (docs/product-rules.md#errors). Its frame is
 * `components/form-modal.tsx`.
 */
export function useModalForm<V extends FieldValues, Out, R>(options: ModalFormOptions<V, Out, R>) {
  const { t } = useTranslation();
  const { form, fields, save, fallback, savedMessage, onSaved, versioned = false, opened, initial } = options;
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const clear = useCallback(() => {
    setFailure(null);
    setStale(false);
  }, []);

  const { reset } = form;
  // Before the opened modal is painted, so that it never shows what the last opening left.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` is read when the modal opens, and only then
  useLayoutEffect(() => {
    if (opened && initial) {
      reset(initial());
      clear();
    }
  }, [opened, reset, clear]);

  const refused = (error: unknown) => {
    if (versioned && isStaleVersion(error)) {
      setStale(true);
      return;
    }
    setServerFieldErrors(error, form.setError, fields);
    setFailure(serverMessage(error, fallback));
  };

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    setStale(false);
    return save(values).then((result) => {
      if (savedMessage) {
        notify('success', t('notify.successTitle'), savedMessage);
      }
      onSaved(result);
    }, refused);
  });

  return {
    onSubmit,
    /** The failure's text, shown above the fields; null when there is none. */
    failure,
    /** A 412: the patient changed since the modal was filled. */
    stale,
    /** Forgets the failure and the conflict, when the modal closes or opens again. */
    clear,
    /** After a reload, the conflict is over. */
    dismissStale: () => setStale(false),
  };
}

/** What `useModalForm` answers. */
export type ModalForm = ReturnType<typeof useModalForm>;
