import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/list-error.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useBulkOpenQueries } from '../api/bulk-open.ts';
import { useRules } from '../api/get-rules.ts';
import { QUERY_TEXT_MAX, type QualityRule } from '../api/schemas.ts';
import { SEVERITY_COLORS } from './finding-item.tsx';

interface BulkModalProps {
  readonly rule: QualityRule | null;
  readonly onClose: () => void;
}

/** The same query for every patient a rule flags (CONTRACT §13, `POST /api/queries/bulk`). */
function BulkModal({ rule, onClose }: BulkModalProps) {
  const { t } = useTranslation();
  const bulk = useBulkOpenQueries();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const message = rule ? rule.message[currentLanguage()] : '';
  const title = t('queries.bulkTitle', { rule: message });

  const close = () => {
    setText('');
    setError(undefined);
    bulk.reset();
    onClose();
  };

  const submit = () => {
    const trimmed = text.trim();
    if (!rule) {
      return;
    }
    if (!trimmed) {
      setError(t('queries.textRequired'));
      return;
    }
    bulk.mutate(
      { ruleId: rule.id, text: trimmed },
      {
        onSuccess: (opened) => {
          notify('success', t('queries.opened'), t('queries.bulkDone', { count: opened }));
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={rule !== null}
      onClose={close}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('queries.bulkHint')}</Text>
          {bulk.isError && (
            <Alert
              color="red"
              variant="light"
              title={t('queries.bulkFailed')}
              icon={<IconAlertCircle aria-hidden />}
            >
              {serverMessage(bulk.error, t('queries.bulkFailed'))}
            </Alert>
          )}
          <Textarea
            label={t('queries.text')}
            description={t('queries.textHint')}
            required
            autosize
            minRows={3}
            maxLength={QUERY_TEXT_MAX}
            value={text}
            error={error}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(undefined);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={bulk.isPending}>
              {t('queries.bulkSend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('coordinator.rulesTitle')}
          >
            {rules.data.map((rule) => (
              <Group
                component="li"
                key={rule.id}
                justify="space-between"
                gap="sm"
                wrap="nowrap"
                align="flex-start"
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge
                    color={SEVERITY_COLORS[rule.severity]}
                    variant="filled"
                    autoContrast
                    style={{ flexShrink: 0 }}
                  >
                    {t(`dataQuality.severity.${rule.severity}`)}
                  </Badge>
                  <Text size="sm">{rule.message[language]}</Text>
                </Group>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconMessages size={14} aria-hidden />}
                  onClick={() => setChosen(rule)}
                  aria-label={t('queries.bulkTitle', { rule: rule.message[language] })}
                  style={{ flexShrink: 0 }}
                >
                  {t('queries.bulk')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <BulkModal rule={chosen} onClose={() => setChosen(null)} />
    </Paper>
  );
}
