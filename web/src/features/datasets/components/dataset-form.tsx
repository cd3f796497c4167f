import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  type DatasetFilters,
  type DatasetRequest,
  type DatasetRequestInput,
  datasetRequestSchema,
  LANGUAGES,
  type Language,
  PURPOSE_MAX,
  PURPOSE_MIN,
  STUDY_KEY_MAX,
} from '@registry/shared';
import { IconAlertCircle, IconFileZip } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { serverMessage, translateRuntimeKey } from '../../../lib/translate.ts';
import { useCreateDataset } from '../api/create-dataset.ts';
import { useStudyKeys } from '../api/get-datasets.ts';
import { CodebookLink } from './codebook-link.tsx';
import { DatasetFiltersField } from './dataset-filters-field.tsx';
import { PrivacyFields } from './privacy-fields.tsx';

/** The fields the server's messages land on; a message about one filter lands on the filters. */
const FIELDS = ['purpose', 'studyKey', 'identified', 'dates', 'freeText', 'language'] as const;
const fieldOf = (path: string): string | null =>
  path === 'filters' || path.startsWith('filters.')
    ? 'filters'
    : (FIELDS.find((field) => field === path) ?? null);

/** A titled part of the form. */
function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * "New dataset" (CONTRACT §15): the patients (the list's filters), the purpose, the study key, how much
 * of the patients it shows, and the labels' language, checked by the same shared rules as the server
 * (`datasetRequestSchema`); the server's messages land on their fields. Once asked for, the dataset's
 * own page shows its build and its download.
 */
export function DatasetForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateDataset();
  const studyKeys = useStudyKeys();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DatasetRequestInput, unknown, DatasetRequest>({
    resolver: zodResolver(datasetRequestSchema),
    defaultValues: {
      purpose: '',
      filters: {},
      identified: false,
      dates: 'intervals',
      studyKey: '',
      freeText: false,
      language: currentLanguage(),
    },
  });
  const { errors } = form.formState;
  const message = (key: (typeof FIELDS)[number] | 'filters') =>
    translateRuntimeKey(t, errors[key]?.message) || undefined;
  const purpose = form.watch('purpose') ?? '';
  const identified = form.watch('identified') === true;

  const onSubmit = form.handleSubmit((request) => {
    setFailure(null);
    return create.mutateAsync(request).then(
      (started) => void navigate(`/datasets/${started.id}`),
      (error: unknown) => {
        setServerFieldErrors(error, form.setError, fieldOf);
        setFailure(serverMessage(error, t('datasets.form.failed')));
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('datasets.new')}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('datasets.form.intro')} <CodebookLink />
        </Text>
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
        <Section title={t('datasets.form.patients')}>
          <Controller
            control={form.control}
            name="filters"
            render={({ field }) => (
              <DatasetFiltersField
                value={(field.value ?? {}) as DatasetFilters}
                onChange={field.onChange}
                error={message('filters')}
              />
            )}
          />
        </Section>
        <Section title={t('datasets.form.study')}>
          <Stack gap="md">
            <Textarea
              label={t('datasets.form.purpose')}
              description={t('datasets.form.purposeHelp', {
                count: purpose.length,
                min: PURPOSE_MIN,
                max: PURPOSE_MAX,
              })}
              withAsterisk
              autosize
              minRows={3}
              maxRows={8}
              maxLength={PURPOSE_MAX}
              error={message('purpose')}
              {...form.register('purpose')}
            />
            <Controller
              control={form.control}
              name="studyKey"
              render={({ field }) => (
                <Autocomplete
                  label={t('datasets.form.studyKey')}
                  description={t('datasets.form.studyKeyHelp')}
                  withAsterisk
                  maxLength={STUDY_KEY_MAX}
                  autoComplete="off"
                  data={studyKeys}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={message('studyKey')}
                  maw={520}
                />
              )}
            />
          </Stack>
        </Section>
        <Section title={t('datasets.form.privacy')}>
          <PrivacyFields
            identified={identified}
            dates={form.watch('dates') ?? 'intervals'}
            freeText={form.watch('freeText') === true}
            onIdentified={(value) => {
              form.setValue('identified', value, { shouldDirty: true });
              // Free text goes only in an identified dataset: leaving it, the box is emptied.
              if (!value) {
                form.setValue('freeText', false, {
                  shouldDirty: true,
                  shouldValidate: form.formState.isSubmitted,
                });
              }
            }}
            onDates={(value) => form.setValue('dates', value, { shouldDirty: true })}
            onFreeText={(value) =>
              form.setValue('freeText', value, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
            errors={{
              identified: message('identified'),
              dates: message('dates'),
              freeText: message('freeText'),
            }}
          />
        </Section>
        <Section title={t('datasets.form.labels')}>
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <Radio.Group
                label={t('datasets.form.language')}
                description={t('datasets.form.languageHelp')}
                value={field.value ?? 'es'}
                onChange={(value) =>
                  field.onChange(LANGUAGES.find((language) => language === value) as Language)
                }
                error={message('language')}
              >
                <Group gap="lg" mt="xs">
                  {LANGUAGES.map((language) => (
                    <Radio
                      key={language}
                      value={language}
                      label={t(`datasets.options.languageName.${language}`)}
                    />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
        </Section>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/datasets" variant="default">
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            loading={create.isPending}
            leftSection={<IconFileZip size={16} aria-hidden />}
          >
            {t('datasets.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
