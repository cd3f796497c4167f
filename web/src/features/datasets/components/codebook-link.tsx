import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The codebook's page (`/codebook`): every variable of a dataset, its type, values and derivation.
 * Underlined: it stands inside a sentence, where colour alone would not tell it apart.
 */
export function CodebookLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/codebook" size="sm" underline="always">
      {t('datasets.codebookLink')}
    </Anchor>
  );
}
