import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderScreen } from '../../../test/render.tsx';
import { outcomeOfIncidence, outcomeOfSurvival } from './curves.ts';
import { EstimatesTable } from './estimates-table.tsx';
import { INCIDENCE, SURVIVAL } from './test-outcomes.ts';

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('EstimatesTable', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('shows each group’s median with its interval, the 1-, 2- and 5-year survival and the log-rank p', () => {
    renderScreen(<EstimatesTable outcome={outcomeOfSurvival(SURVIVAL)} labels={['AML M2', 'ALL-B']} />);
    const table = screen.getByRole('table', { name: /Mediana en meses/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Grupo',
      'n',
      'Eventos',
      'Mediana (IC 95 %), meses',
      '1 año',
      '2 años',
      '5 años',
    ]);
    expect(cells(within(table).getByRole('row', { name: /AML M2/ }))).toEqual([
      '4',
      '2',
      '13,1 (6,6–NA)',
      '66,7\u00a0% (30,0–100,0)',
      '33,3\u00a0% (10,0–90,0)',
      '—',
    ]);
    expect(cells(within(table).getByRole('row', { name: /ALL-B/ }))).toEqual([
      '3',
      '0',
      'no alcanzada',
      '100,0\u00a0%',
      '—',
      '—',
    ]);
    expect(screen.getByText('Prueba de log-rank entre los grupos: p = 0,032')).toBeInTheDocument();
  });

  it('shows the incidence with relapses and competing deaths, and no log-rank test', () => {
    renderScreen(<EstimatesTable outcome={outcomeOfIncidence(INCIDENCE)} labels={['Todos los pacientes']} />);
    const table = screen.getByRole('table', { name: /Recaídas, muertes sin recaída/ });
    expect(within(table).getByRole('columnheader', { name: 'Muertes sin recaída' })).toBeInTheDocument();
    expect(cells(within(table).getByRole('row', { name: /Todos los pacientes/ }))).toEqual([
      '5',
      '2',
      '1',
      '20,0\u00a0% (3,0–50,0)',
      '—',
      '—',
      '20,0\u00a0% (3,0–50,0)',
      '—',
      '—',
    ]);
    expect(
      within(table).getByRole('columnheader', { name: 'Mortalidad sin recaída a 2 años' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('log-rank')).not.toBeInTheDocument();
    // One group: no Gray's test.
    expect(screen.queryByTestId('gray-test')).not.toBeInTheDocument();
  });

  it('gives the reason the server gives for no log-rank test', () => {
    renderScreen(
      <EstimatesTable
        outcome={{ ...outcomeOfSurvival(SURVIVAL), p: null, noLogRank: 'events' }}
        labels={['AML M2', 'ALL-B']}
      />,
    );
    expect(screen.getByTestId('log-rank')).toHaveTextContent(
      'No hay prueba de log-rank: menos de dos grupos tienen eventos esperados.',
    );
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    renderScreen(<EstimatesTable outcome={outcomeOfSurvival(SURVIVAL)} labels={['AML M2', 'ALL-B']} />);
    expect(cells(screen.getByRole('row', { name: /AML M2/ }))).toEqual([
      '4',
      '2',
      '13.1 (6.6–NA)',
      '66.7% (30.0–100.0)',
      '33.3% (10.0–90.0)',
      '—',
    ]);
    expect(screen.getByText('Log-rank test between the groups: p = 0.032')).toBeInTheDocument();
  });
});
