import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { DatasetDetail } from './dataset-detail.tsx';
import { BUILDING, READY } from './test-datasets.ts';

const ONE = 'GET /api/datasets/:id';

describe('DatasetDetail', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the build moving on, then the download, the figures and the request as made', async () => {
    let reads = 0;
    const api = stubRoutes({
      [ONE]: () => {
        reads += 1;
        return answer(200, {
          data:
            reads < 2 ? { ...READY, ...BUILDING, id: READY.id, identified: false, freeText: false } : READY,
        });
      },
    });
    renderScreen(<DatasetDetail id={READY.id} />, { path: `/datasets/${READY.id}` });
    expect(await screen.findByRole('progressbar', { name: 'Avance de la preparación' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText(/Puede cerrar esta página/)).toBeInTheDocument();
    expect(api.calls[0]?.path).toBe(`/api/datasets/${READY.id}`);

    expect(
      await screen.findByRole('button', { name: 'Descargar zip' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const figures = within(screen.getByRole('table', { name: 'Contenido' }));
    expect(figures.getByRole('rowheader', { name: 'Tratamientos' })).toBeInTheDocument();
    expect(figures.getByText('310')).toBeInTheDocument();
    expect(figures.getByText(READY.sha256 as string)).toBeInTheDocument();
    expect(figures.getByText('6 pacientes')).toBeInTheDocument();
    const request = within(screen.getByRole('table', { name: 'Pedido' }));
    expect(request.getByText(READY.purpose)).toBeInTheDocument();
    expect(request.getByText('Recaída: Sí · Subtipo: AML M2')).toBeInTheDocument();
    expect(
      request.getByText('Desidentificado · Días desde el diagnóstico · Etiquetas en español'),
    ).toBeInTheDocument();
    expect(request.getByText('LMA-2027')).toBeInTheDocument();
  });

  it('warns when the disclosure check found groups under five patients', async () => {
    await i18n.changeLanguage('en');
    stubRoutes({ [ONE]: () => answer(200, { data: { ...READY, smallestGroup: 2 } }) });
    renderScreen(<DatasetDetail id={READY.id} />, { path: `/datasets/${READY.id}` });
    expect(await screen.findByText('2 patients')).toBeInTheDocument();
    expect(
      screen.getByText(/Some groups have fewer than 5 patients: the README lists them/),
    ).toBeInTheDocument();
  });

  it('says why a build failed', async () => {
    stubRoutes({
      [ONE]: () =>
        answer(200, {
          data: {
            ...READY,
            status: 'failed',
            rows: null,
            size: null,
            sha256: null,
            error: 'Se reinició el servidor.',
          },
        }),
    });
    renderScreen(<DatasetDetail id={READY.id} />, { path: `/datasets/${READY.id}` });
    expect(await screen.findByText('La preparación falló')).toBeInTheDocument();
    expect(screen.getByText('Se reinició el servidor.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descargar zip' })).not.toBeInTheDocument();
  });

  it('says that a dataset the server does not know does not exist', async () => {
    stubRoutes({ [ONE]: () => refusal(404, 'NOT_FOUND', 'No encontrado.') });
    renderScreen(<DatasetDetail id={READY.id} />, { path: `/datasets/${READY.id}` });
    expect(await screen.findByText('Este conjunto de datos no existe.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Todos los conjuntos de datos' })[0]).toHaveAttribute(
      'href',
      '/datasets',
    );
  });
});
