import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import {
  type CreateInstitutionInput,
  createInstitutionSchema,
  INSTITUTION_TYPES,
  type InstitutionType,
} from '@registry/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { serverMessage, translateRuntimeKey } from '../../../lib/translate.ts';
import { useCreateInstitution } from '../api/create-institution.ts';

type FormValues = z.input<typeof createInstitutionSchema>;
const FIELDS = ['name', 'type', 'code'] as const;
const EMPTY = { name: '', code: '' } as FormValues;

interface NewInstitutionModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
}

/** '+ new institution' (SPEC.md §2, §5, §8): name, type and code, all required. */
export function NewInstitutionModal({ opened, onClose }: NewInstitutionModalProps) {
  const { t } = useTranslation();
  const create = useCreateInstitution();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, CreateInstitutionInput>({
    resolver: zodResolver(createInstitutionSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const error = (key: (typeof FIELDS)[number]) => translateRuntimeKey(t, errors[key]?.message) || undefined;

  const close = () => {
    form.reset(EMPTY);
    setFailure(null);
    create.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    return create.mutateAsync(values).then(
      () => {
        notify('success', t('notify.successTitle'), t('institutions.created'));
        close();
      },
      (failed: unknown) => {
        setServerFieldErrors(failed, form.setError, FIELDS);
        setFailure(serverMessage(failed, t('institutions.createFailed')));
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('institutions.new')}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('institutions.new')}>
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              variant="light"
              title={t('notify.errorTitle')}
              icon={<IconAlertCircle aria-hidden />}
            >
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('institutions.form.name')}
            withAsterisk
            autoComplete="off"
            data-autofocus
            error={error('name')}
            {...form.register('name')}
          />
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                label={t('institutions.form.type')}
                placeholder={t('institutions.form.typePlaceholder')}
                withAsterisk
                data={INSTITUTION_TYPES.map((type) => ({
                  value: type,
                  label: t(`institutionTypes.${type}`),
                }))}
                value={field.value ?? null}
                onChange={(value) => field.onChange((value ?? undefined) as InstitutionType | undefined)}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={error('type')}
              />
            )}
          />
          <TextInput
            label={t('institutions.form.code')}
            withAsterisk
            autoComplete="off"
            error={error('code')}
            {...form.register('code')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('institutions.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
