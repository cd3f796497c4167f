import { Button } from '@mantine/core';
import type { FileRef } from '@registry/shared';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../lib/notify.ts';
import { serverMessage } from '../../../../lib/translate.ts';
import { useDownloadFile } from '../../api/download-file.ts';
import { NoData } from './field-grid.tsx';

interface FileLinkProps {
  readonly file: FileRef | null;
}

/** A record's file: downloaded with the session's token, under the server's name. */
export function FileLink({ file }: FileLinkProps) {
  const { t } = useTranslation();
  const download = useDownloadFile();
  if (!file) {
    return <NoData />;
  }
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      px={4}
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={download.isPending}
      aria-label={t('patientFile.download', { name: file.name })}
      onClick={() =>
        download.mutate(file.id, {
          onError: (error) =>
            notify('error', t('notify.errorTitle'), serverMessage(error, t('patientFile.downloadFailed'))),
        })
      }
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left', overflowWrap: 'anywhere' } }}
      h="auto"
      mih={28}
    >
      {file.name}
    </Button>
  );
}
