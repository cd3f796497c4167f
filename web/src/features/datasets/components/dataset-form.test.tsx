import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, pageAnswer, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { DatasetForm } from './dataset-form.tsx';
import { READY } from './test-datasets.ts';

const CREATE = 'POST /api/datasets';
const STARTED = { id: READY.id, status: 'building', progress: { done: 0, total: 0 } };

/** The routes the form reads: the patients the filters reach, the institutions, the past study keys. */
function stubForm(create = () => answer(202, { data: STARTED })) {
  return stubRoutes({
    'GET /api/outcomes/summary': (call) => answer(200, { data: { patients: call.query.subtype ? 42 : 310 } }),
    'GET /api/institutions/codes': () => answer(200, { data: [{ code: 'HI', name: 'Hospital Italiano' }] }),
    'GET /api/datasets': () => pageAnswer([READY]),
    [CREATE]: create,
  });
}

const purposeBox = () => screen.getByRole('textbox', { name: /^Propósito/ });
const keyBox = () => screen.getByRole('combobox', { name: /^Clave del estudio/ });

describe('DatasetForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts de-identified, with dates as days from diagnosis, no free text, and labels in the language in use', async () => {
    stubForm();
    renderScreen(<DatasetForm />, { path: '/datasets/new' });
    expect(screen.getByRole('radio', { name: 'Desidentificado (recomendado)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Días desde el diagnóstico' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Días desde el diagnóstico' })).toBeEnabled();
    const freeText = screen.getByRole('checkbox', { name: 'Incluir el texto libre' });
    expect(freeText).not.toBeChecked();
    expect(freeText).toBeDisabled();
    expect(screen.getByText('Solo en un conjunto identificado.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Español' })).toBeChecked();
    expect(
      screen.queryByText('Un conjunto identificado permite reconocer a los pacientes'),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver el libro de códigos' })).toHaveAttribute(
      'href',
      '/codebook',
    );
    expect(
      await screen.findByText('Con estos filtros, el conjunto tendrá 310 pacientes.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('refuses a purpose under 10 characters and an empty study key by the shared rules, and sends nothing', async () => {
    const api = stubForm();
    renderScreen(<DatasetForm />, { path: '/datasets/new' });
    await userEvent.type(purposeBox(), 'Corto');
    expect(screen.getByText(/5 de 500 caracteres \(al menos 10\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Preparar el conjunto de datos' }));
    expect(await screen.findByText('Describa el propósito en 10 a 500 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('explains an identified dataset with its warning, gives free text only then, and empties it on leaving', async () => {
    stubForm();
    renderScreen(<DatasetForm />, { path: '/datasets/new' });
    await userEvent.click(screen.getByRole('radio', { name: 'Identificado' }));
    expect(
      screen.getByText('Un conjunto identificado permite reconocer a los pacientes'),
    ).toBeInTheDocument();
    expect(screen.getByText('Un conjunto identificado lleva las fechas exactas.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Fechas desplazadas' })).toBeDisabled();
    const freeText = screen.getByRole('checkbox', { name: 'Incluir el texto libre' });
    expect(freeText).toBeEnabled();
    await userEvent.click(freeText);
    expect(freeText).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Desidentificado (recomendado)' }));
    expect(freeText).not.toBeChecked();
    expect(freeText).toBeDisabled();
    expect(
      screen.queryByText('Un conjunto identificado permite reconocer a los pacientes'),
    ).not.toBeInTheDocument();
  });

  it('sends the filters, purpose, key and options, says how many patients they reach, and opens the new dataset', async () => {
    const api = stubForm();
    const { router } = renderScreen(<DatasetForm />, { path: '/datasets/new' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Subtipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'AML M2' }));
    expect(
      await screen.findByText('Con estos filtros, el conjunto tendrá 42 pacientes.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.to('GET /api/outcomes/summary').at(-1)?.query).toEqual({ subtype: 'AML M2' });

    await userEvent.type(purposeBox(), 'Supervivencia global por ELN 2022');
    await userEvent.type(keyBox(), 'LMA-2027');
    await userEvent.click(screen.getByRole('radio', { name: 'Fechas desplazadas' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Inglés' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preparar el conjunto de datos' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/datasets/${READY.id}`));
    expect(api.to(CREATE)[0]?.body).toEqual({
      purpose: 'Supervivencia global por ELN 2022',
      filters: { subtype: 'AML M2' },
      identified: false,
      dates: 'shifted',
      studyKey: 'LMA-2027',
      freeText: false,
      language: 'en',
    });
  });

  it("shows the server's messages against their fields, a filter's against the filters", async () => {
    stubForm(() =>
      refusal(400, 'VALIDATION_FAILED', 'Datos inválidos.', {
        purpose: 'El propósito ya se usó hoy.',
        studyKey: 'La clave no es válida.',
        'filters.institutionCode': 'No existe esa institución.',
      }),
    );
    const { router } = renderScreen(<DatasetForm />, { path: '/datasets/new' });
    await userEvent.type(purposeBox(), 'Supervivencia global por ELN 2022');
    await userEvent.type(keyBox(), 'LMA-2027');
    await userEvent.click(screen.getByRole('button', { name: 'Preparar el conjunto de datos' }));
    expect(await screen.findByText('El propósito ya se usó hoy.')).toBeInTheDocument();
    expect(purposeBox()).toHaveAccessibleDescription(/El propósito ya se usó hoy\./);
    expect(keyBox()).toHaveAccessibleDescription(/La clave no es válida\./);
    expect(screen.getByText('No existe esa institución.')).toBeInTheDocument();
    expect(screen.getByText('Datos inválidos.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/datasets/new');
  });

  it('offers the study keys of earlier datasets', async () => {
    stubForm();
    renderScreen(<DatasetForm />, { path: '/datasets/new' });
    await userEvent.click(keyBox());
    expect(await screen.findByRole('option', { name: 'LMA-2027' })).toBeInTheDocument();
  });
});
