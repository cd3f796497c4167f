import { Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch.tsx';

interface SettingsModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
}

/** Personal settings: for now the language, which is remembered on this browser. */
export function SettingsModal({ opened, onClose }: SettingsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('settings.title')} centered>
      <Stack gap="xs">
        <Text fw={500} size="sm" id="settings-language">
          {t('language.label')}
        </Text>
        <LanguageSwitch size="sm" />
        <Text size="xs" c="dimmed">
          {t('settings.languageHelp')}
        </Text>
      </Stack>
    </Modal>
  );
}
