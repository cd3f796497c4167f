import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import {
  type CreateInstitutionInput,
  createInstitutionSchema,
  INSTITUTION_TYPES,
  type InstitutionType,
} from '@registry/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import { useModalForm } from '../../../lib/use-modal-form.ts';
import { useCreateInstitution } from '../api/create-institution.ts';

type FormValues = z.input<typeof createInstitutionSchema>;
const FIELDS = ['name', 'type', 'code'] as const;
const EMPTY = { name: '', code: '' } as FormValues;

interface NewInstitutionModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
}

/** '+ new institution' (docs/product-rules.md#accounts): name, type and code, all required. */
export function NewInstitutionModal({ opened, onClose }: NewInstitutionModalProps) {
  const { t } = useTranslation();
  const create = useCreateInstitution();
  const form = useForm<FormValues, unknown, CreateInstitutionInput>({
    resolver: zodResolver(createInstitutionSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const error = (key: (typeof FIELDS)[number]) => translateRuntimeKey(t, errors[key]?.message) || undefined;

  const close = () => {
    form.reset(EMPTY);
    modal.clear();
    create.reset();
    onClose();
  };

  const modal = useModalForm({
    form,
    fields: FIELDS,
    save: (values) => create.mutateAsync(values),
    fallback: t('institutions.createFailed'),
    savedMessage: t('institutions.created'),
    onSaved: close,
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('institutions.new')}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={modal.onSubmit} noValidate aria-label={t('institutions.new')}>
        <Stack gap="md">
          {modal.failure && (
            <Alert
              color="red"
              variant="light"
              title={t('notify.errorTitle')}
              icon={<IconAlertCircle aria-hidden />}
            >
              {modal.failure}
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
