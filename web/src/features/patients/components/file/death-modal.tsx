import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { type DeathFormInput, deathFormSchema, type Patient } from '@registry/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConflictAlert } from '../../../../components/conflict-alert.tsx';
import { DateField } from '../../../../components/date-field.tsx';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { useModalForm } from '../../../../lib/use-modal-form.ts';
import { useReloadPatient } from '../../api/get-patient.ts';
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
 * Records or changes a death (docs/product-rules.md#records): deathDate required, deathCause optional,
 * save enabled once something changed. The write names the patient's version; when someone changed the
 * patient meanwhile (412) the form keeps what was typed and offers to reload.
 */
export function DeathModal({ patient, opened, onClose }: DeathModalProps) {
  const { t } = useTranslation();
  const update = useUpdatePatient(patient.id);
  const reloadPatient = useReloadPatient(patient.id);
  const form = useForm<FormValues, unknown, DeathFormInput>({
    resolver: zodResolver(deathFormSchema),
    defaultValues: valuesOf(patient),
  });
  const modal = useModalForm({
    form,
    fields: FIELDS,
    versioned: true,
    save: (values) =>
      update.mutateAsync({
        version: patient.version,
        input: { deathDate: values.deathDate, deathCause: values.deathCause ?? null },
      }),
    fallback: t('notify.default'),
    savedMessage: t('patientFile.death.saved'),
    onSaved: () => onClose(),
  });
  const { errors, isDirty } = form.formState;
  const error = (key: (typeof FIELDS)[number]) => translateRuntimeKey(t, errors[key]?.message) || undefined;

  const { reset } = form;
  const { clear } = modal;
  // Only on opening: a reload while the modal is open must not wipe what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the patient is read once, when the modal opens
  useEffect(() => {
    if (opened) {
      reset(valuesOf(patient));
      clear();
    }
  }, [opened, reset]);

  const title = patient.deathDate ? t('patientFile.death.changeTitle') : t('patientFile.death.title');
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
              title={t('patientFile.death.failed')}
              icon={<IconAlertCircle aria-hidden />}
            >
              {modal.failure}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="deathDate"
            render={({ field }) => (
              <DateField
                label={t('patientFile.death.date')}
                required
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                error={error('deathDate')}
                placeholder={t('patientFile.death.datePlaceholder')}
                autofocus
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
