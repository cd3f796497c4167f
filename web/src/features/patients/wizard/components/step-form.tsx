import { Box, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictAlert } from '../../../../components/conflict-alert.tsx';
import { DisabledFieldset } from '../../../../components/disabled-fieldset.tsx';
import { DraftNotice } from './draft-notice.tsx';
import type { StepSubmit } from './use-step-submit.ts';
import classes from './wizard.module.css';

interface StepFormProps {
  /** The form's accessible name: the step's title. */
  readonly label: string;
  /** The step's save state from useStepSubmit: submit, saving, a 412 conflict and its reload. */
  readonly submit: Pick<StepSubmit, 'onSubmit' | 'saving' | 'conflict' | 'reload'> &
    Partial<Pick<StepSubmit, 'draft'>>;
  /** Admins: every field disabled, the button only moves on. */
  readonly readOnly: boolean;
  /** Go back a step; absent on the first step of a new patient. */
  readonly onBack?: () => void;
  /** The leave guard's question. */
  readonly guard: ReactNode;
  /** Notes above the fields (read-only, biobank). */
  readonly notice?: ReactNode;
  readonly children: ReactNode;
}

/** The frame of every step: notes, the fields, the bottom bar with go-back and next / save. */
export function StepForm({ label, submit, readOnly, onBack, guard, notice, children }: StepFormProps) {
  const { t } = useTranslation();
  const { onSubmit, saving, conflict, reload, draft } = submit;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="lg">
        {conflict && <ConflictAlert onReload={reload} detail={t('wizard.conflict.message')} />}
        {draft?.restoredAt != null && <DraftNotice savedAt={draft.restoredAt} onDiscard={draft.discard} />}
        {notice}
        <DisabledFieldset variant="unstyled" disabled={readOnly} className={classes.fieldset}>
          {children}
        </DisabledFieldset>
      </Stack>
      <Box className={classes.actions}>
        <Group justify="space-between" gap="sm">
          {onBack ? (
            <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
              {t('wizard.actions.back')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={saving} rightSection={<IconArrowRight size={16} aria-hidden />}>
            {readOnly ? t('wizard.actions.next') : t('wizard.actions.saveAndNext')}
          </Button>
        </Group>
      </Box>
      {guard}
    </form>
  );
}
