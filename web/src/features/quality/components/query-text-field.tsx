import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUERY_TEXT_MAX } from '../api/schemas.ts';

interface QueryTextFieldProps {
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (text: string) => void;
}

/** The message of a text past `QUERY_TEXT_MAX` characters, with how many are too many; else undefined. */
export function useTooLong() {
  const { t } = useTranslation();
  return (text: string): string | undefined =>
    text.trim().length > QUERY_TEXT_MAX
      ? t('queries.textTooLong', { max: QUERY_TEXT_MAX, over: text.trim().length - QUERY_TEXT_MAX })
      : undefined;
}

/**
 * The text of a new query, one or many (CONTRACT §13): required, at most `QUERY_TEXT_MAX` characters. A
 * longer text is kept whole and said to be too long, never cut as it is typed or pasted.
 */
export function QueryTextField({ value, error, onChange }: QueryTextFieldProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('queries.text')}
      description={t('queries.textHint')}
      required
      autosize
      minRows={3}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/**
 * What a query's modal keeps of its text: the field's props (typing clears the error), `clear()`, and
 * `take()`, the trimmed text, or null with the field's error shown when nothing but blanks was typed.
 */
export function useQueryText() {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const tooLong = useTooLong();
  return {
    field: {
      value,
      error,
      onChange: (text: string) => {
        setValue(text);
        setError(tooLong(text));
      },
    } satisfies QueryTextFieldProps,
    clear: () => {
      setValue('');
      setError(undefined);
    },
    take: (): string | null => {
      const trimmed = value.trim();
      if (!trimmed) {
        setError(t('queries.textRequired'));
        return null;
      }
      const over = tooLong(trimmed);
      if (over) {
        setError(over);
        return null;
      }
      return trimmed;
    },
  };
}
