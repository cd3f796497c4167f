import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QUERY_TEXT_MAX } from '../api/schemas.ts';

interface QueryTextFieldProps {
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (text: string) => void;
}

/** The text of a new query, one or many (CONTRACT §13): required, at most `QUERY_TEXT_MAX` characters. */
export function QueryTextField({ value, error, onChange }: QueryTextFieldProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('queries.text')}
      description={t('queries.textHint')}
      required
      autosize
      minRows={3}
      maxLength={QUERY_TEXT_MAX}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
