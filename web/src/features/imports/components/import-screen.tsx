import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Import } from '@registry/shared';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconDownload,
  IconInfoCircle,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatTimestamp } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useDeleteImport } from '../api/delete-import.ts';
import { downloadReport } from '../api/download-report.ts';
import { useCodebook, useCodeGuesser } from '../api/get-codebook.ts';
import { useImport } from '../api/get-import.ts';
import { ApplyPanel } from './apply-panel.tsx';
import { ImportStatusBadge } from './import-badges.tsx';
import { ImportRows } from './import-rows.tsx';
import { ImportSteps, stepOf } from './import-steps.tsx';
import { MappingForm } from './mapping-form.tsx';
import { ProgressPanel } from './progress-panel.tsx';
import { UndoPanel } from './undo-panel.tsx';
import { useDownload } from './use-download.ts';

/**
 * An import that was never applied may be forgotten; one that wrote patients is undone instead. A failed
 * import with a check behind it may have failed while applying, having written some: not offered.
 */
export const canDelete = (entry: Pick<Import, 'status' | 'appliedAt' | 'summary'>) =>
  entry.appliedAt === null &&
  (entry.status === 'uploaded' ||
    entry.status === 'checked' ||
    (entry.status === 'failed' && !entry.summary));

/** Whether the mapping may be edited: before the apply. */
const canEditMapping = (entry: Pick<Import, 'status' | 'appliedAt'>) =>
  entry.appliedAt === null && ['uploaded', 'checked', 'failed'].includes(entry.status);

/** Who uploaded it, when, and for whom. */
function ImportFacts({ entry }: { readonly entry: Import }) {
  const { t } = useTranslation();
  let doctor = t('imports.facts.noDoctor');
  if (entry.doctor) {
    doctor = entry.doctor.name;
  } else if (entry.mapping.doctorColumn !== null && entry.mapping.doctorColumn !== undefined) {
    doctor = t('imports.facts.doctorColumn');
  }
  return (
    <Text size="sm" c="gray.7" mb="md">
      {t('imports.facts.line', { owner: entry.owner.name, at: formatTimestamp(entry.createdAt), doctor })}
      {' · '}
      {t('imports.rowCount', { count: entry.rowCount })}
    </Text>
  );
}

interface CheckedHeaderProps {
  readonly entry: Import;
  readonly onEdit?: () => void;
}

/** The check's title, when it ran, the report to download, and the way back to the mapping. */
function CheckedHeader({ entry, onEdit }: CheckedHeaderProps) {
  const { t } = useTranslation();
  const report = useDownload(() => downloadReport(entry.id));
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4} maw={640}>
          <Title order={2} size="h4">
            {t('imports.check.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {entry.checkedAt ? t('imports.check.when', { at: formatTimestamp(entry.checkedAt) }) : null}{' '}
            {entry.status === 'checked' && t('imports.check.nothingWritten')}
          </Text>
        </Stack>
        <Group gap="sm">
          {onEdit && (
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
              {t('imports.check.editMapping')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={report.start}
            loading={report.loading}
          >
            {t('imports.check.report')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** An import the caller cannot see, or that does not exist (404 either way), or one that did not load. */
function ImportLoadError({
  error,
  onRetry,
  retrying,
}: {
  readonly error: unknown;
  readonly onRetry: () => void;
  readonly retrying: boolean;
}) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        title={t('imports.notFoundTitle')}
      >
        <Stack gap="xs">
          <Text size="sm">{t('imports.notFound')}</Text>
          <Anchor component={Link} to="/imports" size="sm">
            {t('imports.backToList')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return <ListError message={t('imports.loadError')} onRetry={onRetry} retrying={retrying} />;
}

/**
 * /imports/:importId: one import through its steps (CONTRACT §14): the mapping, the check's progress and
 * results, the apply and its result, the undo. The page follows the import's state on the server, so it
 * shows the same when opened again later.
 */
export function ImportScreen({ importId }: { readonly importId: string }) {
  // The screen renders again when the language changes: the codebook's labels follow it.
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const query = useImport(importId);
  const codebook = useCodebook(currentLanguage());
  const guesser = useCodeGuesser();
  const [params, update] = useSearchState();
  const remove = useDeleteImport();
  const [deleting, setDeleting] = useState(false);

  const entry = query.data;
  if (!entry) {
    return query.isError ? (
      <ImportLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    ) : (
      <PageLoader />
    );
  }

  const editing = params.get('step') === 'mapping' && canEditMapping(entry);
  const setEditing = (on: boolean) =>
    update((latest) => {
      const next = new URLSearchParams(latest);
      if (on) {
        next.set('step', 'mapping');
      } else {
        next.delete('step');
      }
      return next;
    });
  const forget = () =>
    remove.mutate(entry.id, {
      onSuccess: () => {
        notify('success', t('imports.delete.doneTitle'), t('imports.delete.done', { file: entry.fileName }));
        void navigate('/imports');
      },
      onError: (error) => {
        setDeleting(false);
        notify('error', t('imports.delete.failed'), serverMessage(error, t('notify.default')));
      },
    });

  const mapping = (onCancel?: () => void): ReactNode => {
    if (codebook.isError || guesser.isError) {
      return (
        <ListError
          message={t('imports.codebookError')}
          onRetry={() => {
            void codebook.refetch();
            guesser.refetch();
          }}
          retrying={codebook.isFetching || guesser.isFetching}
        />
      );
    }
    if (!codebook.data || !guesser.guess) {
      return <PageLoader />;
    }
    return (
      <MappingForm
        key={`${entry.sheet}:${entry.headerRow}:${entry.columns.map((column) => column.header).join('|')}`}
        entry={entry}
        codebook={codebook.data}
        guessCodes={guesser.guess}
        isAdmin={user.isAdmin}
        onChecking={() => setEditing(false)}
        onCancel={onCancel}
      />
    );
  };
  const rows = entry.summary && (
    <ImportRows importId={entry.id} summary={entry.summary} codebook={codebook.data} />
  );

  let body: ReactNode;
  if (editing || entry.status === 'uploaded' || (entry.status === 'failed' && !entry.summary)) {
    body = (
      <Stack gap="lg">
        {entry.status === 'failed' && <FailedAlert entry={entry} />}
        {mapping(entry.status === 'checked' || entry.summary ? () => setEditing(false) : undefined)}
      </Stack>
    );
  } else {
    switch (entry.status) {
      case 'checking':
        body = <ProgressPanel work="check" progress={entry.progress} />;
        break;
      case 'applying':
        body = <ProgressPanel work="apply" progress={entry.progress} />;
        break;
      case 'checked':
        body = (
          <Stack gap="lg">
            <CheckedHeader entry={entry} onEdit={() => setEditing(true)} />
            <ApplyPanel entry={entry} />
            {rows}
          </Stack>
        );
        break;
      case 'failed':
        body = (
          <Stack gap="lg">
            <FailedAlert entry={entry} />
            <CheckedHeader
              entry={entry}
              onEdit={canEditMapping(entry) ? () => setEditing(true) : undefined}
            />
            <ApplyPanel entry={entry} again />
            {rows}
          </Stack>
        );
        break;
      case 'applied':
        body = (
          <Stack gap="lg">
            <UndoPanel entry={entry} />
            <CheckedHeader entry={entry} />
            {rows}
          </Stack>
        );
        break;
      default:
        body = (
          <Stack gap="lg">
            <Alert
              color="gray"
              variant="light"
              icon={<IconInfoCircle aria-hidden />}
              title={t('imports.undone.title')}
            >
              {t('imports.undone.text')}
            </Alert>
            {rows}
          </Stack>
        );
    }
  }

  return (
    <>
      <PageHeader title={entry.fileName}>
        <Group gap="sm">
          <ImportStatusBadge status={entry.status} />
          {canDelete(entry) && (
            <Button
              variant="default"
              leftSection={<IconTrash size={16} color="var(--mantine-color-red-8)" aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              {t('imports.delete.submit')}
            </Button>
          )}
          <Anchor component={Link} to="/imports" size="sm">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
            {t('imports.backToList')}
          </Anchor>
        </Group>
      </PageHeader>
      <ImportFacts entry={entry} />
      <ImportSteps current={stepOf(entry, editing)} />
      {body}
      <ConfirmDialog
        opened={deleting}
        title={t('imports.delete.confirmTitle')}
        message={t('imports.delete.confirm', { file: entry.fileName })}
        onConfirm={forget}
        onCancel={() => setDeleting(false)}
        loading={remove.isPending}
      />
    </>
  );
}

/** Why the server could not finish: its message, and what was kept. */
function FailedAlert({ entry }: { readonly entry: Import }) {
  const { t } = useTranslation();
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={t('imports.failed.title')}
    >
      <Text size="sm">{entry.error ?? t('imports.failed.unknown')}</Text>
      <Text size="sm" mt={4}>
        {entry.summary ? t('imports.failed.again') : t('imports.failed.checkAgain')}
      </Text>
    </Alert>
  );
}
