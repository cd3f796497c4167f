import type { User } from '@registry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useLocation } from 'react-router';
import { drafts } from '../../../../lib/drafts.ts';
import { meQueryKey } from '../../../../lib/session.ts';

export interface FormDraft {
  /** When the draft restored on opening the step was written; null when none was. */
  readonly restoredAt: number | null;
  /** Forgets the draft, and the form goes back to what the patient holds. */
  readonly discard: () => void;
  /** Forgets the draft: the step has saved. */
  readonly clear: () => void;
}

/**
 * Keeps a step's unsaved values in the tab's session storage as they are typed, and puts them back when
 * the step opens again — after a reload, or a sign-in after the session ended (lib/drafts.ts). The draft
 * is the user's and the step's: one per signed-in user and wizard address. Off for a read-only step.
 */
export function useFormDraft<V extends FieldValues>(form: UseFormReturn<V>, enabled: boolean): FormDraft {
  const { pathname } = useLocation();
  const userId = useQueryClient().getQueryData<User>(meQueryKey)?.id ?? 'unknown';
  const key = enabled ? drafts.key(userId, pathname) : null;
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const formRef = useRef(form);
  formRef.current = form;

  useEffect(() => {
    if (!key) {
      return undefined;
    }
    const current = formRef.current;
    const draft = drafts.read<V>(key);
    const defaults = JSON.stringify(current.formState.defaultValues);
    if (draft && JSON.stringify(draft.values) !== defaults) {
      // Over the patient's values, as if typed: the step is dirty, so leaving it still asks first.
      current.reset(draft.values, { keepDefaultValues: true });
      setRestoredAt(draft.savedAt);
    } else if (draft) {
      drafts.clear(key);
    }
    const subscription = current.watch((values) => {
      if (JSON.stringify(values) === defaults) {
        drafts.clear(key);
      } else {
        drafts.write(key, values);
      }
    });
    return () => subscription.unsubscribe();
  }, [key]);

  return {
    restoredAt,
    discard: () => {
      setRestoredAt(null);
      formRef.current.reset();
      if (key) {
        drafts.clear(key);
      }
    },
    clear: () => {
      setRestoredAt(null);
      if (key) {
        drafts.clear(key);
      }
    },
  };
}
