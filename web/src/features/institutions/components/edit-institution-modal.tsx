import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { type CreateInstitutionInput, createInstitutionSchema, type Institution } from '@registry/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useModalForm } from '../../../lib/use-modal-form.ts';
import { useUpdateInstitution } from '../api/update-institution.ts';
import { INSTITUTION_FIELDS, InstitutionFields, type InstitutionFormValues } from './institution-fields.tsx';

const EMPTY = { name: '', code: '' } as InstitutionFormValues;

const valuesOf = (institution: Institution): InstitutionFormValues => ({
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
  const form = useForm<InstitutionFormValues, unknown, CreateInstitutionInput>({
    resolver: zodResolver(createInstitutionSchema),
    defaultValues: institution ? valuesOf(institution) : EMPTY,
  });

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
    fields: INSTITUTION_FIELDS,
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
          <InstitutionFields form={form} keepsType />
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
