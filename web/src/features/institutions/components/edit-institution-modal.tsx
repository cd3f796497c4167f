import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateInstitutionInput, createInstitutionSchema, type Institution } from '@registry/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { useModalForm } from '../../../lib/use-modal-form.ts';
import { useUpdateInstitution } from '../api/update-institution.ts';
import { INSTITUTION_FIELDS, InstitutionFields, type InstitutionFormValues } from './institution-fields.tsx';

const EMPTY = { name: '', code: '' } as InstitutionFormValues;

const valuesOf = (institution: Institution | null): InstitutionFormValues =>
  institution ? { name: institution.name, type: institution.type, code: institution.code } : EMPTY;

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
    defaultValues: valuesOf(institution),
  });
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
    onSaved: onClose,
    // Each opening starts from the institution's values as the list has them now.
    opened,
    initial: () => valuesOf(institution),
  });

  return (
    <FormModal
      title={t('institutions.edit')}
      opened={opened}
      onClose={onClose}
      modal={modal}
      mutation={update}
      failedTitle={t('notify.errorTitle')}
      submitLabel={t('institutions.form.save')}
    >
      <InstitutionFields form={form} />
    </FormModal>
  );
}
