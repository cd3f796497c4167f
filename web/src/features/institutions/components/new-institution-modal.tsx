import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateInstitutionInput, createInstitutionSchema } from '@registry/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
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
  const modal = useModalForm({
    form,
    fields: INSTITUTION_FIELDS,
    save: (values) => create.mutateAsync(values),
    fallback: t('institutions.createFailed'),
    savedMessage: t('institutions.created'),
    onSaved: onClose,
    opened,
    initial: () => EMPTY,
  });

  return (
    <FormModal
      title={t('institutions.new')}
      opened={opened}
      onClose={onClose}
      modal={modal}
      mutation={create}
      failedTitle={t('notify.errorTitle')}
      submitLabel={t('institutions.form.submit')}
    >
      <InstitutionFields form={form} />
    </FormModal>
  );
}
