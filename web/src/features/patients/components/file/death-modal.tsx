import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type DeathFormInput, deathFormSchema, type Patient } from '@registry/shared';
import { IconAlertCircle, IconCalendar, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../../lib/api-client.ts';
import { todayString } from '../../../../lib/date-strings.ts';
import { setServerFieldErrors } from '../../../../lib/form-errors.ts';
import { notify } from '../../../../lib/notify.ts';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { patientQueryKey } from '../../api/get-patient.ts';
import { useUpdatePatient } from '../../api/update-patient.ts';

type FormValues = z.input<typeof deathFormSchema>;
const FIELDS = ['deathDate', 'deathCause'] as const;
const valuesOf = (patient: Patient): FormValues => ({
  deathDate: patient.deathDate ?? '',
  deathCause: patient.deathCause ?? '',
});

interface DeathModalProps {
  readonly patient: Patient;
  readonly opened: boolean;
  readonly onClose: () => void;
}

/**
 * Records or changes a death (SPEC.md §2, §5): deathDate required, deathCause optional, save enabled
 * once something changed. The write names the patient's version; when someone changed the patient
 * meanwhile (412) the form keeps what was typed and offers to reload.
 */
export function DeathModal({ patient, opened, onClose }: DeathModalProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdatePatient(patient.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const form = useForm<FormValues, unknown, DeathFormInput>({
    resolver: zodResolver(deathFormSchema),
    defaultValues: valuesOf(patient),
  });
  const { errors, isDirty } = form.formState;
  const error = (key: (typeof FIELDS)[number]) => translateRuntimeKey(t, errors[key]?.message) || undefined;

  const { reset } = form;
  // Only on opening: a reload while the modal is open must not wipe what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the patient is read once, when the modal opens
  useEffect(() => {
    if (opened) {
      reset(valuesOf(patient));
      setFailure(null);
      setStale(false);
    }
  }, [opened, reset]);

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    setStale(false);
    return update
      .mutateAsync({
        version: patient.version,
        input: { deathDate: values.deathDate, deathCause: values.deathCause ?? null },
      })
      .then(
        () => {
          notify('success', t('notify.successTitle'), t('patientFile.death.saved'));
          onClose();
        },
        (failed: unknown) => {
          if (failed instanceof ApiError && failed.code === 'STALE_VERSION') {
            setStale(true);
            return;
          }
          setServerFieldErrors(failed, form.setError, FIELDS);
          setFailure(failed instanceof ApiError && failed.message ? failed.message : t('notify.default'));
        },
      );
  });

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: patientQueryKey(patient.id) }).then(() => setStale(false));
  };

  const title = patient.deathDate ? t('patientFile.death.changeTitle') : t('patientFile.death.title');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {stale && (
            <Alert
              color="orange"
              variant="light"
              title={t('notify.errorTitle')}
              icon={<IconAlertCircle aria-hidden />}
            >
              <Stack gap="xs" align="flex-start">
                {t('errors.STALE_VERSION')}
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  onClick={reload}
                >
                  {t('patientCommon.reload')}
                </Button>
              </Stack>
            </Alert>
          )}
          {failure && (
            <Alert
              color="red"
              variant="light"
              title={t('patientFile.death.failed')}
              icon={<IconAlertCircle aria-hidden />}
            >
              {failure}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="deathDate"
            render={({ field }) => (
              <DatePickerInput
                label={t('patientFile.death.date')}
                withAsterisk
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={error('deathDate')}
                locale={i18n.language}
                placeholder={t('patientFile.death.datePlaceholder')}
                // Mantine's placeholder grey is too light for WCAG AA on white.
                styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
                valueFormat="DD/MM/YYYY"
                maxDate={todayString()}
                leftSection={<IconCalendar size={16} aria-hidden />}
                nextLabel={t('patientList.filters.nextMonth')}
                previousLabel={t('patientList.filters.previousMonth')}
                data-autofocus
              />
            )}
          />
          <Textarea
            label={t('patientFile.death.cause')}
            rows={4}
            resize="vertical"
            error={error('deathCause')}
            {...form.register('deathCause')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!isDirty}>
              {t('patientCommon.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
