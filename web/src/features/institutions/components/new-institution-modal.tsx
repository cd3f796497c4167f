import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { type CreateInstitutionInput, createInstitutionSchema } from '@registry/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useModalForm } from '../../../lib/use-modal-form.ts';
import { useCreateInstitution } from '../api/create-institution.ts';
import { INSTITUTION_FIELDS, InstitutionFields, type InstitutionFormValues } from './institution-fields.tsx';

const EMPTY = { name: '', code: '' } as InstitutionFormValues;

interface NewInstitutionModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
}

/** '+ new institution' (docs/product-rules.md#accounts): name, type and code, all required. */
export function NewInstitutionModal({ opened, onClose }: NewInstitutionModalProps) {
  const { t } = useTranslation();
  const create = useCreateInstitution();
  const form = useForm<InstitutionFormValues, unknown, CreateInstitutionInput>({
    resolver: zodResolver(createInstitutionSchema),
    defaultValues: EMPTY,
  });

  const close = () => {
    form.reset(EMPTY);
    modal.clear();
    create.reset();
    onClose();
  };

  const modal = useModalForm({
    form,
    fields: INSTITUTION_FIELDS,
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
          <InstitutionFields form={form} />
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
