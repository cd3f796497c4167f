import { codebookVariables, GENETIC_MARKERS, type Language } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import { CodebookScreen } from './codebook-screen.tsx';

/**
 * Some variables of the codebook, as the server labels them in a language: a table of every variable
 * takes seconds to draw in the test's DOM, and the filter's own test reads them all.
 */
const SOME = new Set([
  'patients.identification',
  'patients.sex',
  'patients.transplant_type',
  'patients.os_days',
  'patients.relapse_event',
  'markers.pid',
  'markers.marker',
  'markers.result',
  'markers.vaf',
  'markers.source',
  'drugs.name',
]);
const someVariables = (language: Language) =>
  codebookVariables(language).filter((variable) => SOME.has(`${variable.table}.${variable.name}`));

/** The codebook as the server answers it, in the language the screen asks for. */
const stubCodebook = () =>
  stubRoutes({
    'GET /api/codebook': (call) =>
      answer(200, { data: { variables: someVariables(call.query.lang as Language) } }),
  });

const TOTAL = SOME.size;

describe('CodebookScreen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('es');
  });

  /** Types a search at once, as a paste: the filter's own test covers the words. */
  const typeSearch = async (box: HTMLElement, text: string) => {
    await userEvent.click(box);
    await userEvent.paste(text);
  };
  const table = () =>
    screen.getByRole('table', { name: /^(Variables del libro de códigos|Variables of the codebook)$/ });
  const rowOf = (name: string) => {
    const cell = within(table()).getByText(name, { selector: 'code' });
    const row = cell.closest('tr');
    if (!row) {
      throw new Error(`no row for ${name}`);
    }
    return row;
  };

  it('shows every variable with its label, table, type, unit, codes, identifying and derivation', async () => {
    const api = stubCodebook();
    renderScreen(<CodebookScreen />, { user: TEST_DOCTOR_USER });
    expect(await screen.findByText(`${TOTAL} de ${TOTAL} variables`)).toHaveAttribute('role', 'status');
    expect(api.to('GET /api/codebook').map((call) => call.query)).toEqual([{ lang: 'es' }]);
    expect(screen.getByRole('heading', { name: 'Libro de códigos' })).toBeInTheDocument();

    const os = rowOf('os_days');
    expect(os).toHaveTextContent('Supervivencia global: días');
    expect(os).toHaveTextContent('Pacientes');
    expect(os).toHaveTextContent('Entero');
    expect(os).toHaveTextContent('Unidad: días');
    expect(os).toHaveTextContent(/CONTRACT §9 \(os\)/);

    const sex = rowOf('sex');
    expect(sex).toHaveTextContent('male Masculino');
    // Neither identifying nor derived.
    expect(within(sex).getAllByText('No')).toHaveLength(2);

    const identification = rowOf('identification');
    expect(within(identification).getByText('Sí')).toBeInTheDocument();
    expect(within(identification).getByText('No')).toBeInTheDocument();
  });

  it('searches names, labels and codes, filters by table, and says when nothing matches', async () => {
    stubCodebook();
    renderScreen(<CodebookScreen />);
    await screen.findByText(`${TOTAL} de ${TOTAL} variables`);
    const search = screen.getByRole('searchbox', { name: 'Buscar' });

    await typeSearch(search, 'alogenico');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`1 de ${TOTAL} variables`), {
      timeout: 5000,
    });
    expect(rowOf('transplant_type')).toHaveTextContent('Alogénico');

    await userEvent.clear(search);
    await userEvent.click(screen.getByRole('combobox', { name: 'Tabla' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Marcadores', hidden: true }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`5 de ${TOTAL} variables`));
    expect(within(table()).getAllByRole('row')).toHaveLength(6);

    await typeSearch(search, 'npm1 inexistente');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`0 de ${TOTAL} variables`));
    expect(screen.getByText('Ninguna variable coincide con la búsqueda.')).toBeInTheDocument();
  });

  it('shows the first codes of a long list, and all of them when asked', async () => {
    stubCodebook();
    renderScreen(<CodebookScreen />);
    await screen.findByText(`${TOTAL} de ${TOTAL} variables`);
    await typeSearch(screen.getByRole('searchbox', { name: 'Buscar' }), 'marker');
    const marker = await waitFor(() => rowOf('marker'), { timeout: 5000 });
    expect(within(marker).queryByText('KMT2A-PTD')).not.toBeInTheDocument();
    await userEvent.click(
      within(marker).getByRole('button', { name: `Ver los ${GENETIC_MARKERS.length} valores` }),
    );
    expect(within(marker).getByText('KMT2A-PTD')).toBeInTheDocument();
    await userEvent.click(within(marker).getByRole('button', { name: 'Ver menos' }));
    expect(within(marker).queryByText('KMT2A-PTD')).not.toBeInTheDocument();
  });

  it('speaks English when asked, and asks the server in English', async () => {
    const api = stubCodebook();
    await i18n.changeLanguage('en');
    renderScreen(<CodebookScreen />);
    expect(await screen.findByText(`${TOTAL} of ${TOTAL} variables`)).toHaveAttribute('role', 'status');
    expect(api.to('GET /api/codebook').map((call) => call.query)).toEqual([{ lang: 'en' }]);
    expect(rowOf('relapse_event')).toHaveTextContent('Death without relapse');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
  });

  it('shows the whole codebook a page at a time, and a search from its first page', async () => {
    const all = codebookVariables('es');
    stubRoutes({ 'GET /api/codebook': () => answer(200, { data: { variables: all } }) });
    renderScreen(<CodebookScreen />);
    expect(await screen.findByText(`${all.length} de ${all.length} variables`)).toBeInTheDocument();
    const names = () =>
      within(table())
        .getAllByText(/^[a-z0-9_]+$/, { selector: 'code[data-variable]' })
        .map((code) => code.textContent);
    expect(names()).toEqual(all.slice(0, 25).map((variable) => variable.name));
    expect(screen.getByText(`Página 1 de ${Math.ceil(all.length / 25)}`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(names()).toEqual(all.slice(25, 50).map((variable) => variable.name));
    await typeSearch(screen.getByRole('searchbox', { name: 'Buscar' }), 'pid');
    await waitFor(() => expect(names()).toEqual(['pid', 'pid', 'pid', 'pid', 'pid', 'pid', 'pid']), {
      timeout: 5000,
    });
    expect(screen.getByText('Página 1 de 1')).toBeInTheDocument();
  });

  it('shows a failure with a retry that loads it', async () => {
    let fail = true;
    stubRoutes({
      'GET /api/codebook': () =>
        fail ? refusal(503, 'UNAVAILABLE', 'No.') : answer(200, { data: { variables: someVariables('es') } }),
    });
    renderScreen(<CodebookScreen />);
    // A server that is away is asked twice more before the screen says so.
    expect(
      await screen.findByText('No se pudo obtener el libro de códigos.', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(`${TOTAL} de ${TOTAL} variables`)).toHaveAttribute('role', 'status');
  });

  it('shows skeleton rows while it loads', async () => {
    stubRoutes({ 'GET /api/codebook': () => new Promise<Response>(() => undefined) });
    renderScreen(<CodebookScreen />);
    expect(await screen.findAllByTestId('skeleton-row')).not.toHaveLength(0);
    expect(table()).toHaveAttribute('aria-busy', 'true');
  });
});
