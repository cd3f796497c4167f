import { Badge, Button, Card, Collapse, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { CoxPanel } from './cox-panel.tsx';
import { survivalEndpointOf } from './curves.ts';
import { ImmortalTimeNote } from './immortal-time-note.tsx';
import { OutcomeControls } from './outcome-controls.tsx';
import { OutcomeCurves } from './outcome-curves.tsx';
import { OutcomeFiltersBar } from './outcome-filters.tsx';
import { ResponseTables } from './response-tables.tsx';
import { SummaryPanel } from './summary-panel.tsx';
import { useOutcomeView } from './use-outcome-view.ts';

/**
 * /outcomes (docs/product-rules.md#outcomes): the survival or relapse-incidence curves of a cohort, by
 * group, with their tables and downloads; the response to the first line and the early deaths; a Cox
 * model with its forest plot; and the cohort's summary. Everything chosen is kept in the
 * address, so that a view can be bookmarked or shared.
 */
export function OutcomesScreen() {
  const { t } = useTranslation();
  const { isAdmin } = useCurrentUser();
  const { view, setEndpoint, setGroupBy, setLandmark, setBands, setFilters, clearFilters } =
    useOutcomeView(isAdmin);
  // On a phone the filters fold away, so that the curves show without scrolling past them.
  const narrow = useMediaQuery('(max-width: 48em)');
  const [filtersOpen, filtersToggle] = useDisclosure(false);
  const active = Object.values(view.filters).filter((value) => value !== undefined).length;
  const filtersBar = (
    <OutcomeFiltersBar
      isAdmin={isAdmin}
      filters={view.filters}
      onChange={setFilters}
      onClear={clearFilters}
    />
  );
  return (
    <>
      <PageHeader title={t('outcomes.title')} />
      <Stack gap="lg">
        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            <OutcomeControls
              isAdmin={isAdmin}
              endpoint={view.endpoint}
              groupBy={view.groupBy}
              landmark={view.landmark}
              onEndpoint={setEndpoint}
              onGroupBy={setGroupBy}
              onLandmark={setLandmark}
            />
            <ImmortalTimeNote
              endpoint={view.endpoint}
              groupBy={view.groupBy}
              landmark={view.landmark}
              onLandmark={setLandmark}
            />
            {narrow ? (
              <>
                <Button
                  variant="default"
                  leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                  rightSection={
                    active > 0 ? (
                      <Badge size="sm" color="brand.7">
                        {t('outcomes.filters.active', { count: active })}
                      </Badge>
                    ) : null
                  }
                  onClick={filtersToggle.toggle}
                  aria-expanded={filtersOpen}
                  aria-controls="outcome-filters"
                  fullWidth
                  // With the count of active filters at the right; else the icon and the word centred.
                  justify={active > 0 ? 'space-between' : 'center'}
                >
                  {t('outcomes.filters.toggle')}
                </Button>
                <Collapse expanded={filtersOpen} id="outcome-filters">
                  {filtersBar}
                </Collapse>
              </>
            ) : (
              filtersBar
            )}
          </Stack>
        </Card>
        <OutcomeCurves view={view} onBands={setBands} />
        <ResponseTables filters={view.filters} groupBy={view.groupBy} />
        {/* A new endpoint on the curves starts the model afresh on it. */}
        <CoxPanel
          key={survivalEndpointOf(view.endpoint) ?? 'incidence'}
          filters={view.filters}
          groupBy={view.groupBy}
          endpoint={survivalEndpointOf(view.endpoint)}
        />
        <SummaryPanel filters={view.filters} />
      </Stack>
    </>
  );
}
