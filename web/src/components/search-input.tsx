import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SearchInputProps {
  readonly label: string;
  readonly placeholder: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/** The free-text search above a list; the list applies it after the debounce. */
export function SearchInput({ label, placeholder, value, onChange }: SearchInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value ? (
          <CloseButton size="sm" aria-label={t('common.clearSearch')} onClick={() => onChange('')} />
        ) : null
      }
      w={{ base: '100%', sm: 360 }}
    />
  );
}
