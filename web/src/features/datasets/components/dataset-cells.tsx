import { Anchor, List, Text } from '@mantine/core';
import type { Dataset } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTimestamp } from '../../../lib/dates.ts';
import { describeDatasetFilters, describeOptions } from './dataset-words.ts';

interface CellProps {
  readonly dataset: Dataset;
}

/** When it was asked for, and by whom (an account since deleted shows no email). */
export function RequestedCell({ dataset }: CellProps) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatTimestamp(dataset.createdAt)}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {dataset.requestedBy.email ?? t('datasets.list.unknownUser')}
      </Text>
    </>
  );
}

/** The purpose, as the link to the dataset's page, cut after three lines (the link reads it whole). */
export function PurposeLink({ dataset }: CellProps) {
  return (
    <Anchor component={Link} to={`/datasets/${dataset.id}`} size="sm" lineClamp={3}>
      {dataset.purpose}
    </Anchor>
  );
}

/** A short list of words, or one line when there is a single one. */
function WordList({ words }: { readonly words: readonly string[] }) {
  return (
    <List size="sm" spacing={2} listStyleType="none" styles={{ itemWrapper: { display: 'block' } }}>
      {words.map((word) => (
        <List.Item key={word} style={{ overflowWrap: 'anywhere' }}>
          {word}
        </List.Item>
      ))}
    </List>
  );
}

/** The filters in words: "all the patients" when there are none. */
export function FiltersCell({ dataset }: CellProps) {
  const { t } = useTranslation();
  const words = describeDatasetFilters(dataset.filters, t);
  return words.length === 0 ? (
    <Text size="sm">{t('datasets.filters.none')}</Text>
  ) : (
    <WordList words={words} />
  );
}

/** The options in words, with the study key. */
export function OptionsCell({ dataset }: CellProps) {
  const { t } = useTranslation();
  return (
    <WordList
      words={[...describeOptions(dataset, t), t('datasets.options.studyKey', { key: dataset.studyKey })]}
    />
  );
}
