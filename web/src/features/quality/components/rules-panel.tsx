import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { PlainList } from '../../../components/plain-list.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useBulkOpenQueries } from '../api/bulk-open.ts';
import { useBulkCount } from '../api/get-bulk-count.ts';
import { useRules } from '../api/get-rules.ts';
import type { QualityRule } from '../api/schemas.ts';
import { SeverityBadge } from './finding-item.tsx';
import { QueryTextField, useQueryText } from './query-text-field.tsx';

interface BulkModalProps {
  readonly rule: QualityRule | null;
  readonly onClose: () => void;
}

/** The same query for every patient a rule flags (CONTRACT §13, `POST /api/queries/bulk`). */
function BulkModal({ rule, onClose }: BulkModalProps) {
  const { t } = useTranslation();
  const bulk = useBulkOpenQueries();
  const text = useQueryText();
  const count = useBulkCount(rule?.id);
  const reachText = ({ flagged, reached }: { flagged: number; reached: number }) => {
    if (flagged === 0) {
      return t('queries.bulkReachNobody');
    }
    return reached > 0
      ? t('queries.bulkReach', { count: reached, flagged })
      : t('queries.bulkReachNone', { count: flagged });
  };
  const message = rule ? rule.message[currentLanguage()] : '';
  const title = t('queries.bulkTitle', { rule: message });

  const submit = () => {
    if (!rule) {
      return;
    }
    const trimmed = text.take();
    if (trimmed === null) {
      return;
    }
    bulk.mutate(
      { ruleId: rule.id, text: trimmed },
      {
        onSuccess: (opened) => {
          notify('success', t('queries.opened'), t('queries.bulkDone', { count: opened }));
          text.clear();
          bulk.reset();
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={title}
      opened={rule !== null}
      onClose={onClose}
      modal={{
        onSubmit: async (event) => {
          event?.preventDefault();
          submit();
        },
        failure: bulk.isError ? serverMessage(bulk.error, t('queries.bulkFailed')) : null,
        stale: false,
        clear: text.clear,
      }}
      mutation={bulk}
      failedTitle={t('queries.bulkFailed')}
      submitLabel={
        count.data && count.data.reached > 0
          ? t('queries.bulkSendCount', { count: count.data.reached })
          : t('queries.bulkSend')
      }
      // Confirmed only once it is known whom it reaches, and when it reaches someone.
      canSubmit={Boolean(count.data && count.data.reached > 0)}
    >
      <Text size="sm">{t('queries.bulkHint')}</Text>
      {count.isPending && <Text size="sm">{t('queries.bulkCounting')}</Text>}
      {count.isError && (
        <ListError
          message={t('queries.bulkCountFailed')}
          onRetry={() => void count.refetch()}
          retrying={count.isFetching}
        />
      )}
      {count.data && (
        <Text size="sm" fw={600} role="status">
          {reachText(count.data)}
        </Text>
      )}
      <Text size="sm">{t('queries.bulkNamesRule', { rule: message })}</Text>
      <QueryTextField {...text.field} />
    </FormModal>
  );
}

/** The rules of data quality, each with a way to query every patient it flags at once. */
export function RulesPanel() {
  const { t } = useTranslation();
  const rules = useRules();
  const [chosen, setChosen] = useState<QualityRule | null>(null);
  const language = currentLanguage();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="rules-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="rules-title">
          {t('coordinator.rulesTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('coordinator.rulesDescription')}
        </Text>
        {rules.isError && (
          <ListError
            message={t('coordinator.rulesLoadError')}
            onRetry={() => void rules.refetch()}
            retrying={rules.isFetching}
          />
        )}
        {rules.data && (
          <PlainList label={t('coordinator.rulesTitle')}>
            {rules.data.map((rule) => (
              // The button goes under its rule where both do not fit on a line (a phone).
              <Group
                component="li"
                key={rule.id}
                justify="space-between"
                gap="xs"
                wrap="wrap"
                align="flex-start"
              >
                <Group gap="xs" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 16rem' }}>
                  <SeverityBadge severity={rule.severity} />
                  <Text size="sm">{rule.message[language]}</Text>
                </Group>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconMessages size={14} aria-hidden />}
                  onClick={() => setChosen(rule)}
                  aria-label={t('queries.bulkTitle', { rule: rule.message[language] })}
                  style={{ flexShrink: 0, marginLeft: 'auto' }}
                >
                  {t('queries.bulk')}
                </Button>
              </Group>
            ))}
          </PlainList>
        )}
      </Stack>
      <BulkModal rule={chosen} onClose={() => setChosen(null)} />
    </Paper>
  );
}
