import type { Institution } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { PHONE_QUERY } from '../../../lib/use-phone.ts';
import { answer, pageAnswer, type Route, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { InstitutionsList } from './institutions-list.tsx';

const italiano: Institution = {
  id: '4b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b44',
  name: 'Hospital Italiano',
  code: 'HIBA',
  type: 'Hospital',
  isActive: true,
  createdAt: '2026-02-01T12:00:00.000Z',
  doctorsQty: 3,
  patientsQty: 17,
};

/** A server that lists the given institutions and answers an edit as told; answers every call made. */
function server(rows: Institution[], write: Route) {
  return stubRoutes({
    'GET /api/institutions/list': () => pageAnswer(rows),
    'PATCH /api/institutions/:id': write,
  }).calls;
}

function asPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === PHONE_QUERY,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('InstitutionsList: editing and the phone cards', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('edits name, type and code from the current values and says the institution was modified (es)', async () => {
    const calls = server([italiano], () =>
      answer(200, { data: { ...italiano, name: 'Hospital Italiano Central', type: 'Fundación' } }),
    );
    renderScreen(<InstitutionsList />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar Hospital Italiano' }, { timeout: 5000 }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Editar institución' });
    const name = within(modal).getByRole('textbox', { name: 'Nombre' });
    expect(name).toHaveValue('Hospital Italiano');
    expect(within(modal).getByRole('textbox', { name: 'Código' })).toHaveValue('HIBA');
    await userEvent.clear(name);
    await userEvent.click(within(modal).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(modal).findByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.type(name, 'Hospital Italiano Central');
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fundación' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Institución modificada.')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe(`/api/institutions/${italiano.id}`);
    expect(patch?.body).toEqual({ name: 'Hospital Italiano Central', type: 'Fundación', code: 'HIBA' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Editar institución' })).not.toBeInTheDocument(),
    );
  });

  it('shows a code another institution has on the code field, keeping the modal open (en)', async () => {
    await i18n.changeLanguage('en');
    server([italiano], () =>
      answer(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'An institution with that code already exists.',
        code: 'INSTITUTION_CODE_EXISTS',
        fields: { code: 'An institution with that code already exists.' },
      }),
    );
    renderScreen(<InstitutionsList />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit Hospital Italiano' }, { timeout: 5000 }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Edit institution' });
    const code = within(modal).getByRole('textbox', { name: 'Code' });
    await userEvent.clear(code);
    await userEvent.type(code, 'HC');
    await userEvent.click(within(modal).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(modal).getAllByText('An institution with that code already exists.')).toHaveLength(2),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Edit institution' })).toBeInTheDocument();
  });

  it('on a phone, shows cards with name, code, type, counts, status and actions (es)', async () => {
    asPhone();
    server(
      [italiano, { ...italiano, id: '5b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b45', name: 'Banco', isActive: false }],
      () => answer(500, {}),
    );
    renderScreen(<InstitutionsList />);
    await screen.findByText('Hospital Italiano', {}, { timeout: 5000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Instituciones' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('HIBA · Hospital')).toBeInTheDocument();
    expect(first.getByText('17')).toBeInTheDocument();
    expect(first.getByText('Activo')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Editar Hospital Italiano' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Desactivar Hospital Italiano' })).toBeInTheDocument();
    expect(
      within(cards[1] as HTMLElement).getByRole('button', { name: 'Activar Banco' }),
    ).toBeInTheDocument();
  });

  it('on a phone, says there is nothing to show (en)', async () => {
    await i18n.changeLanguage('en');
    asPhone();
    server([], () => answer(500, {}));
    renderScreen(<InstitutionsList />);
    expect(await screen.findByText('No institutions to show.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
