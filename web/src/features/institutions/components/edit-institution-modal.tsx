import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import {
  type CreateInstitutionInput,
  createInstitutionSchema,
  INSTITUTION_TYPES,
  type Institution,
  type InstitutionType,
} from '@registry/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import { useModalForm } from '../../../lib/use-modal-form.ts';
import { useUpdateInstitution } from '../api/update-institution.ts';

type FormValues = z.input<typeof createInstitutionSchema>;
const FIELDS = ['name', 'type', 'code'] as const;
const EMPTY = { name: '', code: '' } as FormValues;

const valuesOf = (institution: Institution): FormValues => ({
  name: institution.name,
  type: institution.type,
  code: institution.code,
});

interface EditInstitutionModalProps {
  readonly opened: boolean;
  /** The institution to edit; kept while the modal closes. */
  readonly institution: Institution | null;
  readonly onClose: () => void;
}

/**
 * 'Edit institution' (docs/product-rules.md#accounts): name, type and code, all required and checked as on
 * creation; a name or code another institution has is refused on its field.
 */
export function EditInstitutionModal({ opened, institution, onClose }: EditInstitutionModalProps) {
  const { t } = useTranslation();
  const update = useUpdateInstitution();
  const form = useForm<FormValues, unknown, CreateInstitutionInput>({
    resolver: zodResolver(createInstitutionSchema),
    defaultValues: institution ? valuesOf(institution) : EMPTY,
  });
  const { errors } = form.formState;
  const error = (key: (typeof FIELDS)[number]) => translateRuntimeKey(t, errors[key]?.message) || undefined;

  // Each opening starts from the institution's values as the list has them now.
  useEffect(() => {
    if (opened && institution) {
      form.reset(valuesOf(institution));
    }
  }, [opened, institution, form]);

  const close = () => {
    modal.clear();
    update.reset();
    onClose();
  };

  const modal = useModalForm({
    form,
    fields: FIELDS,
    save: (values) => {
      if (!institution) {
        throw new Error('no institution to edit');
      }
      return update.mutateAsync({ id: institution.id, ...values });
    },
    fallback: t('institutions.editFailed'),
    savedMessage: t('institutions.modified'),
    onSaved: close,
  });

  const title = t('institutions.edit');
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={modal.onSubmit} noValidate aria-label={title}>
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
                allowDeselect={false}
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
            <Button type="submit" loading={update.isPending}>
              {t('institutions.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
