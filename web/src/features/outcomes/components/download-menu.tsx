import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import type { FigureFormat } from './chart-export.ts';

/** What an outcome can be saved as: a figure, or the data behind it. */
export type DownloadFormat = FigureFormat | 'csv';

const LABELS = {
  png: 'outcomes.downloads.png',
  svg: 'outcomes.downloads.svg',
  pdf: 'outcomeFigure.pdf',
  csv: 'outcomes.downloads.csv',
} as const satisfies Record<DownloadFormat, string>;

interface DownloadMenuProps<F extends DownloadFormat> {
  readonly formats: readonly F[];
  /** The file's name in that format. */
  readonly filename: (format: F) => string;
  /** The file's contents in that format, made when asked for. */
  readonly make: (format: F) => Promise<Blob>;
  /** The smaller button of a panel's corner. */
  readonly compact?: boolean;
  readonly 'aria-label'?: string;
}

/**
 * The outcomes' download button: a menu of formats; the chosen one is made, saved under its name and
 * announced, or its failure is.
 */
export function DownloadMenu<F extends DownloadFormat>({
  formats,
  filename,
  make,
  compact = false,
  'aria-label': ariaLabel,
}: DownloadMenuProps<F>) {
  const { t } = useTranslation();

  const download = (format: F) => {
    const name = filename(format);
    make(format).then(
      (blob) => {
        saveBlob(blob, name);
        notify('success', t('notify.successTitle'), t('outcomes.downloads.done', { filename: name }));
      },
      () => notify('error', t('notify.errorTitle'), t('outcomes.downloads.failed')),
    );
  };

  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="default"
          size={compact ? 'xs' : undefined}
          leftSection={<IconDownload size={compact ? 14 : 16} aria-hidden />}
          rightSection={<IconChevronDown size={compact ? 12 : 14} aria-hidden />}
          aria-label={ariaLabel}
        >
          {t('outcomes.downloads.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('outcomes.downloads.label')}</Menu.Label>
        {formats.map((format) => (
          <Menu.Item key={format} onClick={() => download(format)}>
            {t(LABELS[format])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
