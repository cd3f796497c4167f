import type { CoxModelAnswer } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { CoxPanel } from './cox-panel.tsx';
import { stubOutcomes } from './test-outcomes.ts';

/** A model of overall survival on the ELN 2022 risk, adjusted for age. */
const MODEL: CoxModelAnswer = {
  endpoint: 'os',
  groupBy: 'eln2022',
  adjust: ['age'],
  n: 120,
  events: 48,
  excluded: { noDiagnosisDate: 2, noResponseDate: 0, incomplete: 5 },
  terms: [
    {
      term: 'eln2022',
      level: 'adverse',
      reference: 'favorable',
      coef: 0.916,
      se: 0.375,
      hr: 2.5,
      hrLower: 1.2,
      hrUpper: 5.21,
      p: 0.0146,
    },
    {
      term: 'age',
      level: null,
      reference: null,
      coef: 0.0198,
      se: 0.008,
      hr: 1.02,
      hrLower: 1.004,
      hrUpper: 1.036,
      p: 0.013,
    },
  ],
  tests: {
    likelihoodRatio: { chisq: 6.1, df: 2, p: 0.0474 },
    wald: { chisq: 5.8, df: 2, p: 0.055 },
    score: { chisq: 6.0, df: 2, p: 0.0498 },
  },
  proportionalHazards: { chisq: 1.234, df: 2, p: 0.54 },
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function fitWithAge(label: string, option: string, button: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  const box = screen.getByRole('combobox', { name: label });
  await waitFor(() => expect(box).toHaveAttribute('aria-controls'));
  const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
  if (!list) {
    throw new Error('no options');
  }
  await userEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
  await userEvent.click(screen.getByRole('button', { name: button }));
}

describe('CoxPanel', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fits the model on the groups and the chosen covariates and draws the forest plot', async () => {
    const api = stubOutcomes({ '/api/outcomes/cox': () => answer(200, { data: MODEL }) });
    renderScreen(<CoxPanel filters={{ relapse: 'true' }} groupBy="eln2022" endpoint="os" />);
    expect(screen.getByRole('heading', { name: 'Modelo de Cox' })).toBeInTheDocument();
    // Nothing is fitted before it is asked for.
    expect(api.to('/api/outcomes/cox')).toEqual([]);
    await fitWithAge('Covariables de ajuste', 'Edad al diagnóstico (por año)', 'Ajustar el modelo');
    // With a covariate chosen, the field stays in the Tab order: the keyboard can add another.
    expect(screen.getByRole('combobox', { name: 'Covariables de ajuste' })).not.toHaveAttribute(
      'type',
      'hidden',
    );
    const forest = await screen.findByRole('table', { name: /Gráfico de bosque/ });
    expect(api.to('/api/outcomes/cox')).toEqual([
      { relapse: 'true', endpoint: 'os', groupBy: 'eln2022', adjust: 'age' },
    ]);
    expect(cells(within(forest).getByRole('row', { name: /ELN 2022: Favorable/ }))).toEqual([
      '',
      '1 (referencia)',
      '',
    ]);
    expect(cells(within(forest).getByRole('row', { name: /ELN 2022: Adverso/ }))).toEqual([
      '',
      '2,50 (1,20–5,21)',
      'p = 0,015',
    ]);
    expect(
      within(forest).getByRole('rowheader', { name: /^Edad al diagnóstico \(por año\)$/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('n = 120 pacientes, 48 eventos.')).toBeInTheDocument();
    expect(
      screen.getByText(/Fuera del modelo: 2 sin fecha de diagnóstico, 0 sin fecha de la RC, 5 sin grupo/),
    ).toBeInTheDocument();
    const tests = screen.getByTestId('cox-tests');
    expect(tests).toHaveTextContent('Razón de verosimilitud: χ² = 6,10, gl = 2, p = 0,047');
    expect(tests).toHaveTextContent('Riesgos proporcionales (cox.zph, global): χ² = 1,23, gl = 2, p = 0,540');
  });

  it('downloads the forest plot as a figure, like the curves (PNG, SVG, PDF)', async () => {
    stubOutcomes({ '/api/outcomes/cox': () => answer(200, { data: MODEL }) });
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:forest';
    });
    URL.revokeObjectURL = vi.fn();
    renderScreen(<CoxPanel filters={{ relapse: 'true' }} groupBy="eln2022" endpoint="os" />);
    await fitWithAge('Covariables de ajuste', 'Edad al diagnóstico (por año)', 'Ajustar el modelo');
    await screen.findByRole('table', { name: /Gráfico de bosque/ });
    await userEvent.click(screen.getByRole('button', { name: 'Descargar el gráfico de bosque' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Gráfico (PNG)', 'Gráfico (SVG)', 'Gráfico (PDF)']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Gráfico (SVG)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const svg = await (saved[0] as Blob).text();
    expect(svg).toContain('Modelo de Cox de Supervivencia global: HR según Riesgo genético ELN 2022</title>');
    expect(svg).toContain('2,50 (1,20–5,21)');
    expect(svg).toContain('1 (referencia)');
    expect(svg).toContain('Razón de verosimilitud: χ² = 6,10, gl = 2, p = 0,047');
    expect(svg).toContain('Filtros: Recaída: Sí.');
  });

  it('says why a model cannot be fitted, in the user’s language', async () => {
    stubOutcomes({
      '/api/outcomes/cox': () =>
        // As the server sends it: the reason already in the request's language.
        refusal(422, 'MODEL_NOT_FITTED', 'El modelo no se puede ajustar a estos pacientes.', {
          model: 'Ningún paciente de la cohorte tuvo el evento: no hay riesgos que comparar.',
        }),
    });
    renderScreen(<CoxPanel filters={{}} groupBy="none" endpoint={null} />);
    await fitWithAge('Covariables de ajuste', 'Sexo', 'Ajustar el modelo');
    expect(await screen.findByText('No se pudo ajustar el modelo')).toBeInTheDocument();
    expect(
      screen.getByText('Ningún paciente de la cohorte tuvo el evento: no hay riesgos que comparar.'),
    ).toBeInTheDocument();
  });

  it('counts a single event in the singular, and names a continuous covariate once with its unit', async () => {
    await i18n.changeLanguage('en');
    stubOutcomes({ '/api/outcomes/cox': () => answer(200, { data: { ...MODEL, n: 1, events: 1 } }) });
    renderScreen(<CoxPanel filters={{}} groupBy="eln2022" endpoint="os" />);
    await fitWithAge('Adjust for', 'Age at diagnosis (per year)', 'Fit the model');
    expect(await screen.findByText('n = 1 patient, 1 event.')).toBeInTheDocument();
    const forest = screen.getByRole('table', { name: /Forest plot/ });
    expect(
      within(forest).getByRole('rowheader', { name: /^Age at diagnosis \(per year\)$/ }),
    ).toBeInTheDocument();
    expect(forest).not.toHaveTextContent(/per year\): per year/);
  });

  it('reads in English, and says when the choices changed since the fit', async () => {
    await i18n.changeLanguage('en');
    stubOutcomes({ '/api/outcomes/cox': () => answer(200, { data: MODEL }) });
    renderScreen(<CoxPanel filters={{}} groupBy="eln2022" endpoint="os" />);
    await fitWithAge('Adjust for', 'Age at diagnosis (per year)', 'Fit the model');
    const forest = await screen.findByRole('table', { name: /Forest plot/ });
    expect(cells(within(forest).getByRole('row', { name: /Adverse/ }))).toEqual([
      '',
      '2.50 (1.20–5.21)',
      'p = 0.015',
    ]);
    expect(screen.queryByText(/changed since the fit/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Model endpoint' }));
    const box = screen.getByRole('combobox', { name: 'Model endpoint' });
    const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
    await userEvent.click(
      within(list ?? document.body).getByRole('option', { name: 'Event-free survival', hidden: true }),
    );
    expect(
      screen.getByText('The filters, the groups or the covariates changed since the fit.'),
    ).toBeInTheDocument();
  });
});
