import type { PatientFilters } from '@registry/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { stubRoutes } from '../../../../test/fetch-routes.ts';
import { renderScreen } from '../../../../test/render.tsx';
import { PatientFiltersBar } from './patient-filters.tsx';

function Harness({
  initial,
  seen,
}: {
  readonly initial: PatientFilters;
  readonly seen: (f: PatientFilters) => void;
}) {
  const [filters, setFilters] = useState<PatientFilters>(initial);
  return (
    <PatientFiltersBar
      isAdmin={false}
      filters={filters}
      onChange={(key, value) =>
        setFilters((current) => {
          const next = { ...current, [key]: value };
          seen(next);
          return next;
        })
      }
    />
  );
}

describe('the patient list filters', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('clears every filter at once, and keeps the search', async () => {
    stubRoutes({});
    const seen = vi.fn();
    renderScreen(
      <Harness initial={{ relapse: 'true', obito: '2024-01-01,2024-02-01', text: 'ana' }} seen={seen} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Quitar todos los filtros' }));
    expect(seen).toHaveBeenLastCalledWith({ relapse: undefined, obito: undefined, text: 'ana' });
    expect(screen.queryByRole('button', { name: 'Quitar todos los filtros' })).not.toBeInTheDocument();
  });
});
