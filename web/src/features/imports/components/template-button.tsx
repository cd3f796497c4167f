import { Button } from '@mantine/core';
import { IconTableDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { downloadTemplate } from '../api/download-template.ts';
import { useDownload } from './use-download.ts';

/** The import template, in the language of the screen. */
export function TemplateButton({ variant = 'default' }: { readonly variant?: 'default' | 'subtle' }) {
  const { t } = useTranslation();
  const download = useDownload(() => downloadTemplate(currentLanguage()));
  return (
    <Button
      variant={variant}
      leftSection={<IconTableDown size={16} aria-hidden />}
      onClick={download.start}
      loading={download.loading}
    >
      {t('imports.template')}
    </Button>
  );
}
