import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Grid,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IMPORT_EXTENSIONS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@registry/shared';
import { IconAlertCircle, IconArrowLeft, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type DragEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useUploadImport } from '../api/upload-import.ts';
import { ImportSteps } from './import-steps.tsx';
import { TemplateButton } from './template-button.tsx';

const MEGABYTE = 1024 * 1024;

/** What is wrong with a file before it is sent, as a text key; null when the server may judge it. */
export function fileProblem(file: File): 'tooLarge' | 'notSpreadsheet' | null {
  if (file.size > IMPORT_MAX_BYTES) {
    return 'tooLarge';
  }
  const name = file.name.toLowerCase();
  return IMPORT_EXTENSIONS.some((extension) => name.endsWith(extension)) ? null : 'notSpreadsheet';
}

/**
 * The server's refusal of an upload, as it words it in the user's language (too large, not a spreadsheet,
 * a macro workbook, too many rows…); a refusal it did not word is named by its status.
 */
function uploadErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.fields.file) {
    return error.fields.file;
  }
  if (error instanceof ApiError && error.message) {
    return error.message;
  }
  if (error instanceof ApiError && error.status === 413) {
    return t('imports.upload.tooLarge', { size: IMPORT_MAX_BYTES / MEGABYTE });
  }
  if (error instanceof ApiError && error.status === 415) {
    return t('imports.upload.notSpreadsheet');
  }
  return t('imports.upload.failed');
}

/**
 * /imports/new: the spreadsheet chosen or dropped, sent, read by the server (encoding, delimiter, sheets,
 * header row) and guessed; the screen then opens the import at its mapping.
 */
export function UploadScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (next: File | null) => {
    upload.reset();
    setFile(next);
    const found = next ? fileProblem(next) : null;
    setProblem(
      found === 'tooLarge'
        ? t('imports.upload.tooLarge', { size: IMPORT_MAX_BYTES / MEGABYTE })
        : found && t('imports.upload.notSpreadsheet'),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || problem) {
      setProblem((current) => current ?? t('imports.upload.chooseFirst'));
      return;
    }
    upload.mutate(file, { onSuccess: (created) => void navigate(`/imports/${created.id}`) });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) {
      choose(dropped);
    }
  };
  const refusal = upload.isError ? uploadErrorText(upload.error, t) : null;

  return (
    <>
      <PageHeader title={t('imports.upload.title')}>
        <Anchor component={Link} to="/imports" size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
          {t('imports.backToList')}
        </Anchor>
      </PageHeader>
      <ImportSteps current="file" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate>
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('imports.upload.heading')}
              </Title>
              <Paper
                radius="md"
                p="xl"
                data-testid="drop-zone"
                onDragEnter={(event: DragEvent) => {
                  event.preventDefault();
                  setDragging(true);
                }}
                onDragOver={(event: DragEvent) => event.preventDefault()}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                style={{
                  border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-4'})`,
                  background: dragging ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-0)',
                }}
              >
                <Stack align="center" gap="sm" ta="center">
                  <ThemeIcon size={48} radius="xl" variant="light" color="blue">
                    <IconFileSpreadsheet size={28} aria-hidden />
                  </ThemeIcon>
                  <Text fw={600}>{t('imports.upload.drop')}</Text>
                  <FileInput
                    label={t('imports.upload.file')}
                    description={t('imports.upload.accepted', {
                      size: IMPORT_MAX_BYTES / MEGABYTE,
                      rows: IMPORT_MAX_ROWS.toLocaleString(i18n.language),
                    })}
                    placeholder={t('imports.upload.choose')}
                    styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
                    accept={IMPORT_EXTENSIONS.join(',')}
                    value={file}
                    onChange={choose}
                    clearable
                    clearButtonProps={{ 'aria-label': t('imports.upload.clear') }}
                    leftSection={<IconUpload size={16} aria-hidden />}
                    error={problem}
                    w="100%"
                    maw={440}
                    ta="left"
                  />
                </Stack>
              </Paper>
              {refusal && (
                <Alert
                  role="alert"
                  color="red"
                  variant="light"
                  title={t('imports.upload.refused')}
                  icon={<IconAlertCircle aria-hidden />}
                >
                  {refusal}
                </Alert>
              )}
              <Button
                type="submit"
                loading={upload.isPending}
                leftSection={<IconUpload size={16} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('imports.upload.submit')}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={2} size="h5">
                {t('imports.upload.howTitle')}
              </Title>
              <List size="sm" spacing={6}>
                <List.Item>{t('imports.upload.howRow')}</List.Item>
                <List.Item>{t('imports.upload.howHeaders')}</List.Item>
                <List.Item>{t('imports.upload.howSafe')}</List.Item>
                <List.Item>{t('imports.upload.howUndo')}</List.Item>
              </List>
              <Text size="sm" c="dimmed">
                {t('imports.upload.templateHint')}
              </Text>
              <TemplateButton />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
