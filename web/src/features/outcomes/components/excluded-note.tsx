import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXCLUSION_REASONS, type Excluded } from './curves.ts';

interface ExcludedNoteProps {
  readonly excluded: Excluded;
  readonly size?: 'xs' | 'sm';
}

/** The patients an answer leaves out, one sentence per reason that counts any. */
export function ExcludedNote({ excluded, size = 'xs' }: ExcludedNoteProps) {
  const { t } = useTranslation();
  return EXCLUSION_REASONS.filter((reason) => excluded[reason] > 0).map((reason) => (
    <Text key={reason} size={size} c={size === 'xs' ? 'dimmed' : undefined}>
      {t(`outcomes.excluded.${reason}`, { count: excluded[reason] })}
    </Text>
  ));
}
