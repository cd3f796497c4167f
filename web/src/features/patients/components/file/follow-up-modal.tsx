import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FollowUpFormInput, followUpFormSchema, type Patient } from '@registry/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConflictAlert } from '../../../../components/conflict-alert.tsx';
import { DateField } from '../../../../components/date-field.tsx';
import { displayDay } from '../../../../lib/date-strings.ts';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { useModalForm } from '../../../../lib/use-modal-form.ts';
import { useReloadPatient } from '../../api/get-patient.ts';
import { useUpdatePatient } from '../../api/update-patient.ts';
import { lastKnownAlive } from './last-known-alive.ts';

type FormValues = z.input<typeof followUpFormSchema>;
const FIELDS = ['lastContactDate'] as const;
const EMPTY: FormValues = { lastContactDate: '' };

interface FollowUpModalProps {
  readonly patient: Patient;
  readonly opened: boolean;
  readonly onClose: () => void;
}

/**
 * Records a follow-up visit (docs/product-rules.md#outcomes): the day the patient was last seen alive,
 * required and not after today (the calendar offers no later day). The server also refuses a day before
 * the diagnosis or the birth, or after the death (422, on the field); a patient changed meanwhile (412)
 * keeps the typed day and offers to reload.
 */
export function FollowUpModal({ patient, opened, onClose }: FollowUpModalProps) {
  const { t } = useTranslation();
  const update = useUpdatePatient(patient.id);
  const reloadPatient = useReloadPatient(patient.id);
  const form = useForm<FormValues, unknown, FollowUpFormInput>({
    resolver: zodResolver(followUpFormSchema),
    defaultValues: EMPTY,
  });
  const modal = useModalForm({
    form,
    fields: FIELDS,
    versioned: true,
    save: (values) =>
      update.mutateAsync({ version: patient.version, input: { lastContactDate: values.lastContactDate } }),
    fallback: t('notify.default'),
    savedMessage: t('patientFile.followUp.saved'),
    onSaved: () => onClose(),
  });
  const error = translateRuntimeKey(t, form.formState.errors.lastContactDate?.message) || undefined;

  const { reset } = form;
  const { clear } = modal;
  // Only on opening: a reload while the modal is open must not wipe the chosen day.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts empty each time it opens
  useEffect(() => {
    if (opened) {
      reset(EMPTY);
      clear();
    }
  }, [opened, reset]);

  const known = lastKnownAlive(patient);
  const title = t('patientFile.followUp.title');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={modal.onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {modal.stale && <ConflictAlert onReload={() => reloadPatient().then(modal.dismissStale)} />}
          {modal.failure && (
            <Alert
              color="red"
              variant="light"
              title={t('patientFile.followUp.failed')}
              icon={<IconAlertCircle aria-hidden />}
            >
              {modal.failure}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {known
              ? t('patientFile.followUp.lastKnown', { date: displayDay(known) })
              : t('patientFile.followUp.noneKnown')}
          </Text>
          <Controller
            control={form.control}
            name="lastContactDate"
            render={({ field }) => (
              <DateField
                label={t('patientFile.followUp.date')}
                required
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                error={error}
                placeholder={t('patientFile.death.datePlaceholder')}
                autofocus
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('patientCommon.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
