import { Select, TextInput } from '@mantine/core';
import {
  type CreateInstitutionInput,
  type createInstitutionSchema,
  INSTITUTION_TYPES,
  type InstitutionType,
} from '@registry/shared';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translateRuntimeKey } from '../../../lib/translate.ts';

export type InstitutionFormValues = z.input<typeof createInstitutionSchema>;
export const INSTITUTION_FIELDS = ['name', 'type', 'code'] as const;

interface InstitutionFieldsProps {
  readonly form: UseFormReturn<InstitutionFormValues, unknown, CreateInstitutionInput>;
}

/** The name, type and code of an institution (docs/product-rules.md#accounts), all required. */
export function InstitutionFields({ form }: InstitutionFieldsProps) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const error = (key: (typeof INSTITUTION_FIELDS)[number]) =>
    translateRuntimeKey(t, errors[key]?.message) || undefined;
  return (
    <>
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
            // A type once chosen is changed, never emptied by choosing it again.
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
    </>
  );
}
