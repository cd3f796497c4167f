import { Button, CopyButton, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface CopyActionProps {
  readonly value: string;
  readonly label: string;
}

/** Copies a text to the clipboard; says "copied" on the button and to screen readers. */
export function CopyAction({ value, label }: CopyActionProps) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <>
          <Button
            variant="default"
            size="xs"
            onClick={copy}
            leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          >
            {copied ? t('secondFactor.copied') : label}
          </Button>
          <VisuallyHidden role="status">{copied ? t('secondFactor.copied') : ''}</VisuallyHidden>
        </>
      )}
    </CopyButton>
  );
}
