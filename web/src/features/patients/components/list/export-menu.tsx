import { Button, Group, Menu, Text } from '@mantine/core';
import type { PatientFilters } from '@registry/shared';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../lib/notify.ts';
import { serverMessage } from '../../../../lib/translate.ts';
import { EXPORT_FORMATS, type ExportFormat, useExportPatients } from '../../api/export-patients.ts';

interface ExportMenuProps {
  /** The list's current filters: the export holds every patient they match. */
  readonly filters: PatientFilters;
}

/** The admin's Export menu (docs/product-rules.md#exports): CSV, XLS or JSON of the filtered patients. */
export function ExportMenu({ filters }: ExportMenuProps) {
  const { t } = useTranslation();
  const exporting = useExportPatients();
  const format = exporting.isPending ? exporting.variables.format : undefined;

  const start = (chosen: ExportFormat) =>
    exporting.mutate(
      { format: chosen, filters },
      {
        onSuccess: (filename) =>
          notify('success', t('notify.successTitle'), t('patientList.export.done', { filename })),
        onError: (error) =>
          notify('error', t('notify.errorTitle'), serverMessage(error, t('patientList.export.failed'))),
      },
    );

  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {format ? t('patientList.export.preparing', { format: t(`patientList.export.${format}`) }) : ''}
      </Text>
      <Menu position="bottom-end" shadow="md" width={180} disabled={exporting.isPending}>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            loading={exporting.isPending}
          >
            {t('patientList.export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('patientList.export.label')}</Menu.Label>
          {EXPORT_FORMATS.map((item) => (
            <Menu.Item key={item} onClick={() => start(item)}>
              {t(`patientList.export.${item}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
