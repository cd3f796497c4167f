import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChangeTable } from '../../../components/change-table.tsx';
import { PlainList } from '../../../components/plain-list.tsx';
import { ApiError, isStaleVersion } from '../../../lib/api-client.ts';
import { useChangeLabels } from '../../../lib/change-labels.ts';
import { formatTimestamp } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { type QueryAction, useChangeQuery } from '../api/query-actions.ts';
import type { Query, QueryStatus } from '../api/schemas.ts';
import { placeOf } from './field-place.ts';
import { useTooLong } from './query-text-field.tsx';
import { useFieldLabel } from './use-field-label.ts';
import { useRuleName } from './use-rule-name.ts';

export const STATUS_COLORS: Record<QueryStatus, string> = {
  open: 'yellow.4',
  answered: 'blue.9',
  closed: 'gray.7',
};

/** The address of the patient file at one query's thread (the queries screen's links). */
export function queryPath(query: Pick<Query, 'id' | 'patientId'>): string {
  return `/patient/${query.patientId}#${threadId(query.id)}`;
}

const threadId = (id: string) => `query-${id}`;

/** A thread the address names (`#query-<id>`) is brought into view and focused once it is shown. */
function useNamedByAddress(id: string) {
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const named = hash === `#${threadId(id)}`;
  useEffect(() => {
    if (named && ref.current) {
      ref.current.scrollIntoView?.({ block: 'center' });
      ref.current.focus({ preventScroll: true });
    }
  }, [named]);
  return ref;
}

interface QueryThreadProps {
  readonly query: Query;
  readonly isAdmin: boolean;
  /** Reads the queries again (after someone else changed this one). */
  readonly onReload: () => Promise<unknown>;
}

/** What the caller may do with a query in its state: a doctor answers an open one, an admin closes or reopens. */
function actionOf(query: Query, isAdmin: boolean): QueryAction | null {
  if (!isAdmin) {
    return query.status === 'open' ? 'answer' : null;
  }
  return query.status === 'closed' ? 'reopen' : 'close';
}

/** The wizard's address for correcting the query's field, when the wizard is where it is corrected. */
function correctionPath(query: Query): string | null {
  if (!query.field) {
    return null;
  }
  const place = placeOf(query.field);
  return place.step === 'patient'
    ? null
    : `/edit-patient/${query.patientId}/${place.step}?field=${query.field}`;
}

/**
 * One query on a patient (docs/product-rules.md#data-quality): its field, its state and its thread — who
 * did what and when, with the text and, for an answer that came with a correction, the values before and
 * after — and the one step the caller may take next.
 */
export function QueryThread({ query, isAdmin, onReload }: QueryThreadProps) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const changes = useChangeLabels();
  const change = useChangeQuery();
  const [text, setText] = useState('');
  const tooLong = useTooLong();
  const ruleName = useRuleName(query.ruleId !== null);
  const [missing, setMissing] = useState(false);
  const [reloading, setReloading] = useState(false);
  const action = actionOf(query, isAdmin);
  const field = fieldLabel(query.field);
  const fix = !isAdmin && action === 'answer' ? correctionPath(query) : null;
  const textId = `query-${query.id}-text`;
  const anchor = useNamedByAddress(query.id);

  const submit = () => {
    const trimmed = text.trim();
    if (action === 'answer' && !trimmed) {
      setMissing(true);
      return;
    }
    // Too long: said on the field, and the text stays as typed.
    if (tooLong(trimmed)) {
      return;
    }
    if (!action) {
      return;
    }
    change.mutate(
      { query, action, text: trimmed || undefined },
      {
        onSuccess: () => {
          setText('');
          notify('success', t('queries.changed'), field);
        },
      },
    );
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
      change.reset();
    } finally {
      setReloading(false);
    }
  };

  const stale =
    isStaleVersion(change.error) || (change.error instanceof ApiError && change.error.status === 412);

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      ref={anchor}
      id={threadId(query.id)}
      tabIndex={-1}
      aria-label={t('queries.threadLabel', { field })}
      data-testid="query-thread"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {field}
          </Text>
          <Badge color={STATUS_COLORS[query.status]} variant="filled" autoContrast>
            {t(`queries.status.${query.status}`)}
          </Badge>
        </Group>
        {query.ruleId && (
          <Text size="xs" c="dimmed">
            {t('queries.rule', { rule: ruleName(query.ruleId) })}
          </Text>
        )}
        <PlainList ordered>
          {query.thread.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the thread only grows; its steps have no id
            <Stack component="li" key={index} gap={2}>
              <Text size="xs" c="dimmed">
                {t('queries.stepBy', { name: event.by.name, kind: t(`queries.kinds.${event.kind}`) })} ·{' '}
                {formatTimestamp(event.at)}
              </Text>
              {event.text && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {event.text}
                </Text>
              )}
              {event.corrections && event.corrections.length > 0 && (
                <Stack gap={2}>
                  <Text size="xs" fw={600}>
                    {t('queries.correction')}
                  </Text>
                  <ChangeTable
                    label={t('queries.correctionLabel')}
                    changes={event.corrections.map((correction) => {
                      const place = placeOf(correction.field);
                      return {
                        field: correction.field,
                        label: fieldLabel(correction.field),
                        old: changes.valueLabel(place.entity, place.name, correction.old),
                        new: changes.valueLabel(place.entity, place.name, correction.new),
                      };
                    })}
                  />
                </Stack>
              )}
            </Stack>
          ))}
        </PlainList>
        {stale && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('queries.stale')}</Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => void reload()}
                loading={reloading}
              >
                {t('common.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        {change.isError && !stale && (
          <Alert
            color="red"
            variant="light"
            title={t('queries.changeFailed')}
            icon={<IconAlertCircle aria-hidden />}
          >
            {serverMessage(change.error, t('queries.changeFailed'))}
          </Alert>
        )}
        {fix && (
          <Anchor component={Link} to={fix} size="sm">
            {t('queries.correctField', { field })}
          </Anchor>
        )}
        {action && !stale && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="xs">
              <Textarea
                id={textId}
                label={action === 'answer' ? t('queries.answerText') : t('queries.note')}
                description={action === 'answer' ? t('queries.answerHint') : undefined}
                required={action === 'answer'}
                autosize
                minRows={2}
                value={text}
                error={missing ? t('queries.answerRequired') : tooLong(text)}
                onChange={(event) => {
                  setText(event.currentTarget.value);
                  setMissing(false);
                }}
              />
              <Group justify="flex-end">
                <Button type="submit" size="xs" loading={change.isPending}>
                  {t(action === 'answer' ? 'queries.sendAnswer' : `queries.${action}`)}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
