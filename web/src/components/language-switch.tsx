import { Button } from '@mantine/core';
import { LANGUAGES, type Language } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../lib/i18n.ts';

interface LanguageSwitchProps {
  readonly size?: 'xs' | 'sm';
}

/**
 * Switches between Spanish and English; the choice is remembered across visits. Two toggle buttons in a
 * named group, the language in use pressed (built from Button, which every screen loads anyway, to keep
 * the sign-in page light: docs/decisions/016-first-load-budget.md).
 */
export function LanguageSwitch({ size = 'xs' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const active = i18n.language === currentLanguage() ? i18n.language : currentLanguage();
  return (
    <Button.Group aria-label={t('language.label')}>
      {LANGUAGES.map((language) => {
        const pressed = language === active;
        return (
          <Button
            key={language}
            size={size}
            variant={pressed ? 'filled' : 'default'}
            aria-pressed={pressed}
            title={t(`language.${language}`)}
            onClick={() => {
              if (!pressed) {
                void changeLanguage(language as Language);
              }
            }}
          >
            <span lang={language}>{language.toUpperCase()}</span>
          </Button>
        );
      })}
    </Button.Group>
  );
}
