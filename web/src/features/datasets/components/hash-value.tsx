import { ActionIcon, CopyButton, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { shortHash } from './dataset-words.ts';

interface HashValueProps {
  readonly sha256: string;
  /** The whole hash on the dataset's own page; its start in a list. */
  readonly whole?: boolean;
}

/**
 * A zip's SHA-256 (as the audit trail and the README record it), shortened in a list, with a button
 * that copies the whole of it, so that a statistician can check the file received is the one made.
 */
export function HashValue({ sha256, whole = false }: HashValueProps) {
  const { t } = useTranslation();
  return (
    <CopyButton value={sha256} timeout={2000}>
      {({ copied, copy }) => (
        <Group gap={4} wrap="nowrap" align="center">
          <Text
            ff="monospace"
            size="sm"
            // Whole, it breaks anywhere to fit; shortened, it stays on one line.
            style={whole ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap', flexShrink: 0 }}
            title={whole ? undefined : sha256}
          >
            {whole ? sha256 : `${shortHash(sha256)}…`}
          </Text>
          <Tooltip label={copied ? t('datasets.hash.copied') : t('datasets.hash.copy')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'green.8' : 'gray.7'}
              onClick={copy}
              aria-label={t('datasets.hash.copy')}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <VisuallyHidden role="status">{copied ? t('datasets.hash.copied') : ''}</VisuallyHidden>
        </Group>
      )}
    </CopyButton>
  );
}
