import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ReadOnlyNoticeProps {
  /** What the user may still do here, when something (the NGS OP entry). */
  readonly message?: string;
}

/**
 * Tells an admin why the fields are disabled (docs/product-rules.md#roles: admins do not edit the wizard).
 */
export function ReadOnlyNotice({ message }: ReadOnlyNoticeProps) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} title={t('wizard.readOnly.title')}>
      {message ?? t('wizard.readOnly.message')}
    </Alert>
  );
}
