import type { Patient, QualityStep } from '@registry/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, isStaleVersion } from '../../../../lib/api-client.ts';
import { type PathMapper, setServerFieldErrors } from '../../../../lib/form-errors.ts';
import { notify } from '../../../../lib/notify.ts';
import { patientQueryKey } from '../../../../lib/query-keys.ts';
import { serverMessage } from '../../../../lib/translate.ts';
import { useFormDraft } from './use-form-draft.ts';

/** What a step's save did: the success toast depends on it, and 'unchanged' shows none. */
export type SaveOutcome = 'created' | 'edited' | 'updated' | 'unchanged';

interface StepSubmitOptions<V extends FieldValues> {
  readonly form: UseFormReturn<V>;
  /** Admins only move on: nothing is validated or saved. */
  readonly readOnly: boolean;
  /** The step's save hook: create or update, then the patient is read again. */
  readonly save: (values: V) => Promise<SaveOutcome>;
  /** Which generic failure text the step uses (docs/product-rules.md#errors). */
  readonly failure: 'patientInfo' | 'record';
  /** The form field a server message of `path` belongs to; by default the path itself. */
  readonly fieldOf?: PathMapper;
  /** Step-specific answers to a refusal; true when nothing more needs saying. */
  readonly onRefused?: (error: ApiError) => boolean;
  /** The form's values for a freshly read patient, after a 412. */
  readonly reloadValues: () => Promise<V | undefined>;
  /** Lets the navigation after a save through the leave guard. */
  readonly release: () => void;
  readonly onSaved: (outcome: SaveOutcome) => void;
  /**
   * The saved patient and the step's name among the quality rules' steps: once saved, the rules that fire
   * on the step (read from the patient as read again) are said beside the success. None for a new patient.
   */
  readonly quality?: { readonly patientId: string | undefined; readonly step: QualityStep };
}

/**
 * The one submit of every step (docs/product-rules.md#wizard): validate, save, say so, move on. A 412
 * keeps what the user typed and offers to reload; server messages per field land on their fields. What is
 * typed is kept as a draft until it is saved (use-form-draft.ts), and a save that meets the end of the
 * session waits for the password typed again, then goes on (lib/api-client.ts).
 */
export function useStepSubmit<V extends FieldValues>(options: StepSubmitOptions<V>) {
  const { t } = useTranslation();
  const { form, readOnly, save, failure, fieldOf, onRefused, reloadValues, release, onSaved, quality } =
    options;
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const draft = useFormDraft(form, !readOnly);

  const refused = (error: unknown) => {
    if (isStaleVersion(error)) {
      setConflict(true);
      return;
    }
    setServerFieldErrors(error, form.setError, fieldOf ?? ((path) => path));
    if (error instanceof ApiError && onRefused?.(error)) {
      return;
    }
    notify('error', t(`wizard.failed.${failure}`), serverMessage(error, t('notify.default')));
  };

  const submit = form.handleSubmit(async (values) => {
    setConflict(false);
    let outcome: SaveOutcome;
    try {
      outcome = await save(values);
    } catch (error) {
      refused(error);
      return;
    }
    draft.clear();
    if (outcome !== 'unchanged') {
      notify('success', t('notify.successTitle'), t(`wizard.saved.${outcome}`));
      // Said at once, not only when the doctor comes back (docs/product-rules.md#data-quality).
      const saved = quality?.patientId
        ? queryClient.getQueryData<Patient>(patientQueryKey(quality.patientId))
        : undefined;
      const flagged = (saved?.quality ?? []).filter((finding) => finding.step === quality?.step);
      if (flagged.length > 0) {
        notify(
          'warning',
          t('wizard.savedWithFindings', { count: flagged.length }),
          [...new Set(flagged.map((finding) => finding.message))].join(' · '),
        );
      }
    }
    release();
    onSaved(outcome);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (readOnly) {
      event.preventDefault();
      release();
      onSaved('unchanged');
      return;
    }
    void submit(event);
  };

  /** The conflict alert's reload: the form takes the fresh patient's values, and the conflict is over. */
  const reload = async () => {
    const values = await reloadValues();
    if (values) {
      form.reset(values);
      setConflict(false);
    }
  };

  return {
    onSubmit,
    conflict,
    /** For refusals outside the submit (a deletion): the same 412 message. */
    showConflict: () => setConflict(true),
    reload,
    saving: form.formState.isSubmitting,
    /** The draft restored when the step opened, and how to discard it. */
    draft,
  };
}

export type StepSubmit = ReturnType<typeof useStepSubmit>;
