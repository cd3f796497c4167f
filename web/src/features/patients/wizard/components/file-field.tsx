import { Anchor, FileInput, Group, Stack } from '@mantine/core';
import type { FileRef } from '@registry/shared';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldDisabled } from '../../../../components/disabled-fieldset.tsx';
import { notify } from '../../../../lib/notify.ts';
import { serverMessage } from '../../../../lib/translate.ts';
import { downloadFile } from '../../api/download-file.ts';

interface FileFieldProps {
  readonly label: string;
  /** The hidden file input's name (the form field's path). */
  readonly name: string;
  /** The file chosen now, uploaded when the step is saved. */
  readonly value: File | null;
  readonly onChange: (file: File | null) => void;
  /** The file the record links already. */
  readonly current: FileRef | null;
  readonly error?: string;
  readonly disabled?: boolean;
}

/** A JPG or PDF of at most 1 MB ('JPG or PDF, max 1 MB'), with the linked file's download. */
export function FileField({ label, name, value, onChange, current, error, disabled }: FileFieldProps) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  // A disabled field offers no clear button.
  const off = useFieldDisabled(disabled);

  const download = (file: FileRef) => {
    setDownloading(true);
    downloadFile(file.id)
      .catch((failed: unknown) =>
        notify('error', t('notify.errorTitle'), serverMessage(failed, t('notify.default'))),
      )
      .finally(() => setDownloading(false));
  };

  return (
    <Stack gap={6}>
      <FileInput
        label={label}
        description={current ? t('wizardFiles.replaceHint') : t('wizardFiles.hint')}
        placeholder={t('wizardFiles.choose')}
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        name={name}
        accept="application/pdf,image/jpeg"
        value={value}
        onChange={onChange}
        error={error}
        disabled={disabled}
        clearable={!off}
        clearButtonProps={{ 'aria-label': t('wizardFiles.clear') }}
        leftSection={<IconPaperclip size={16} aria-hidden />}
      />
      {current && (
        // A link, not a button: reading the file stays possible where the form is read-only.
        <Anchor
          href={`/api/files/download/${current.id}`}
          onClick={(event) => {
            event.preventDefault();
            if (!downloading) {
              download(current);
            }
          }}
          size="sm"
          aria-busy={downloading}
        >
          <Group gap={4} wrap="nowrap">
            <IconDownload size={14} aria-hidden />
            {t('wizardFiles.download', { name: current.name })}
          </Group>
        </Anchor>
      )}
    </Stack>
  );
}
