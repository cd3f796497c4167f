import { Button, type ButtonProps } from '@mantine/core';
import type { Dataset } from '@registry/shared';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useDownloadDataset } from '../api/download-dataset.ts';

interface DownloadButtonProps {
  readonly dataset: Pick<Dataset, 'id' | 'purpose'>;
  readonly size?: ButtonProps['size'];
  /** In a list, the button says which dataset it downloads. */
  readonly named?: boolean;
}

/** Downloads a ready dataset's zip; says so, or why it could not, in a toast. */
export function DownloadButton({ dataset, size = 'sm', named = false }: DownloadButtonProps) {
  const { t } = useTranslation();
  const download = useDownloadDataset();
  const save = () =>
    download.mutate(dataset.id, {
      onSuccess: (filename) => notify('success', t('datasets.download.done'), filename),
      onError: (error) =>
        notify('error', t('datasets.download.failed'), serverMessage(error, t('datasets.download.failed'))),
    });
  return (
    <Button
      size={size}
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={save}
      loading={download.isPending}
      aria-label={named ? t('datasets.download.named', { purpose: dataset.purpose }) : undefined}
    >
      {t('datasets.download.label')}
    </Button>
  );
}
