import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Loader,
  MultiSelect,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  COX_COVARIATES,
  type CoxCovariate,
  type CoxModelAnswer,
  type CoxQuery,
  ENDPOINTS,
  GROUP_BY,
  type GroupBy,
  type OutcomeFilters,
  type SurvivalEndpoint,
} from '@registry/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/list-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCox } from '../api/get-cox.ts';
import { coxReport } from './cox-report.ts';
import { ForestDownloads } from './forest-downloads.tsx';
import { ForestPlot } from './forest-plot.tsx';
import { useGroupLabel } from './group-label.ts';

interface CoxPanelProps {
  readonly filters: OutcomeFilters;
  readonly groupBy: GroupBy;
  /** The survival endpoint the curves show, the model's first choice; null for an incidence. */
  readonly endpoint: SurvivalEndpoint | null;
}

function isCovariate(term: string): term is CoxCovariate {
  return (COX_COVARIATES as readonly string[]).includes(term);
}

function isGroupBy(term: string): term is GroupBy {
  return (GROUP_BY as readonly string[]).includes(term);
}

/**
 * The model's size, the patients it left out, its forest plot (downloadable as a figure) and its tests
 * (likelihood ratio, Wald, score, cox.zph).
 */
function CoxResult({ model, query }: { readonly model: CoxModelAnswer; readonly query: CoxQuery }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const groupLabel = useGroupLabel();
  const report = coxReport(model, t, language);
  const termLabel = (term: string) =>
    isCovariate(term) ? t(`outcomes.cox.covariate.${term}`) : t(`outcomes.groupBy.${term as GroupBy}`);
  const levelLabel = (term: string, level: string) => (isGroupBy(term) ? groupLabel(term, level) : level);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" fw={500} data-testid="cox-summary">
          {report.summary}
        </Text>
        <ForestDownloads model={model} query={query} termLabel={termLabel} levelLabel={levelLabel} />
      </Group>
      {report.excluded && (
        <Text size="xs" c="dimmed">
          {report.excluded}
        </Text>
      )}
      <ForestPlot terms={model.terms} termLabel={termLabel} levelLabel={levelLabel} />
      <Title order={4} size="h6">
        {t('outcomes.cox.testsTitle')}
      </Title>
      <List size="sm" spacing={2} data-testid="cox-tests">
        {report.tests.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The Cox model of the screen (CONTRACT §12): the endpoint, the groups of the curves and the chosen
 * covariates, fitted when asked; the hazard ratios as a forest plot with the model's tests, or why the
 * model cannot be fitted.
 */
export function CoxPanel({ filters, groupBy, endpoint }: CoxPanelProps) {
  const { t } = useTranslation();
  const [modelEndpoint, setModelEndpoint] = useState<SurvivalEndpoint>(endpoint ?? 'os');
  const [adjust, setAdjust] = useState<CoxCovariate[]>([]);
  const [asked, setAsked] = useState<CoxQuery | null>(null);
  const query = useCox(asked);
  const current: CoxQuery = { ...filters, endpoint: modelEndpoint, groupBy, adjust };
  const stale = asked !== null && JSON.stringify(asked) !== JSON.stringify(current);
  const endpointName = t(`outcomes.endpoints.${modelEndpoint}`);

  let result = null;
  if (query.isFetching) {
    result = (
      <Group gap={6} role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('outcomes.cox.fitting')}
        </Text>
      </Group>
    );
  } else if (query.error instanceof ApiError && query.error.code === 'MODEL_NOT_FITTED') {
    result = (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('outcomes.cox.notFitted')}
      >
        {/* The server's reason, already in the user's language. */}
        {query.error.fields.model ?? query.error.message}
      </Alert>
    );
  } else if (query.isError) {
    result = (
      <ListError
        message={t('outcomes.cox.loadError')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data) {
    result = <CoxResult model={query.data} query={asked ?? current} />;
  }

  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <section aria-labelledby="cox-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="cox-title">
            {t('outcomes.cox.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {groupBy === 'none'
              ? t('outcomes.cox.introNone', { endpoint: endpointName })
              : t('outcomes.cox.intro', {
                  endpoint: endpointName,
                  groupBy: t(`outcomes.groupBy.${groupBy}`),
                })}
          </Text>
          <Group gap="md" align="flex-end" wrap="wrap">
            <Select
              label={t('outcomes.cox.endpoint')}
              data={ENDPOINTS.map((value) => ({ value, label: t(`outcomes.endpoints.${value}`) }))}
              value={modelEndpoint}
              onChange={(value) => setModelEndpoint(ENDPOINTS.find((item) => item === value) ?? 'os')}
              allowDeselect={false}
              w={{ base: '100%', sm: 300 }}
            />
            <MultiSelect
              label={t('outcomes.cox.covariates')}
              placeholder={adjust.length === 0 ? t('outcomes.cox.covariatesPlaceholder') : undefined}
              data={COX_COVARIATES.map((value) => ({ value, label: t(`outcomes.cox.covariate.${value}`) }))}
              value={adjust}
              onChange={(values) => setAdjust(COX_COVARIATES.filter((value) => values.includes(value)))}
              // Searchable keeps its field in the Tab order once a covariate is chosen (without a search
              // or a placeholder, the field is hidden and the keyboard cannot add a second one).
              searchable
              clearable
              w={{ base: '100%', sm: 360 }}
            />
            <Button
              onClick={() => setAsked(current)}
              loading={query.isFetching}
              w={{ base: '100%', sm: 'auto' }}
            >
              {t('outcomes.cox.fit')}
            </Button>
          </Group>
          {stale && (
            <Text size="sm" c="orange.9">
              {t('outcomes.cox.stale')}
            </Text>
          )}
          {result}
        </Stack>
      </section>
    </Card>
  );
}
