import { SegmentedControl } from '@mantine/core';
import { LANGUAGES, type Language } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../lib/i18n.ts';

interface LanguageSwitchProps {
  readonly size?: 'xs' | 'sm';
}

/** Switches between Spanish and English; the choice is remembered across visits. */
export function LanguageSwitch({ size = 'xs' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size={size}
      aria-label={t('language.label')}
      value={i18n.language === currentLanguage() ? i18n.language : currentLanguage()}
      onChange={(value) => void changeLanguage(value as Language)}
      data={LANGUAGES.map((language) => ({
        value: language,
        label: (
          <span lang={language} title={t(`language.${language}`)}>
            {language.toUpperCase()}
          </span>
        ),
      }))}
    />
  );
}
