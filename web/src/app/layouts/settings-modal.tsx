import { Divider, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { SettingsSection } from '../../components/settings-section.tsx';
import { PasswordSection } from '../../features/account/components/password-section.tsx';
import { SecondFactorSection } from '../../features/account/components/second-factor-section.tsx';

interface SettingsModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
}

/**
 * Personal settings: the language (remembered on this browser), the password and the second factor
 * (docs/product-rules.md#accounts).
 */
export function SettingsModal({ opened, onClose }: SettingsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('settings.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="lg">
        <SettingsSection
          id="settings-language"
          title={t('language.label')}
          description={t('settings.languageHelp')}
          aside={<LanguageSwitch size="sm" />}
        />
        <Divider />
        <PasswordSection />
        <Divider />
        <SecondFactorSection />
      </Stack>
    </Modal>
  );
}
