import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, type Route, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { NewInstitutionModal } from './new-institution-modal.tsx';

const CREATE = 'POST /api/institutions';

function setup(create?: Route) {
  const api = stubRoutes(create ? { [CREATE]: create } : {});
  const onClose = vi.fn();
  renderScreen(<NewInstitutionModal opened onClose={onClose} />);
  return { api, onClose };
}

async function fill() {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Nombre' }), 'Hospital Italiano');
  await userEvent.click(screen.getByRole('combobox', { name: 'Tipo' }));
  // jsdom never finishes the dropdown's transition, so its options count as hidden.
  await userEvent.click(await screen.findByRole('option', { name: 'Hospital', hidden: true }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Código' }), 'HIBA');
}

describe('NewInstitutionModal', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('requires name, type and code', async () => {
    const { api } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Crear institución' }));
    await waitFor(() => expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(3));
    expect(api.calls).toEqual([]);
  });

  it('creates the institution, says so and closes', async () => {
    const { api, onClose } = setup(() =>
      answer(201, {
        data: {
          id: '4b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b44',
          name: 'Hospital Italiano',
          code: 'HIBA',
          type: 'Hospital',
          isActive: true,
          createdAt: '2026-02-01T12:00:00.000Z',
          doctorsQty: 0,
          patientsQty: 0,
        },
      }),
    );
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Crear institución' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Institución creada con éxito.')).toBeInTheDocument();
    const [call] = api.calls;
    expect(call?.url).toBe('/api/institutions');
    expect(call?.body).toEqual({
      name: 'Hospital Italiano',
      type: 'Hospital',
      code: 'HIBA',
    });
  });

  it('shows the server’s message when the name is taken', async () => {
    const { onClose } = setup(() =>
      refusal(409, 'INSTITUTION_NAME_EXISTS', 'Ya existe una institución con ese nombre.', {
        name: 'Ya existe una institución con ese nombre.',
      }),
    );
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Crear institución' }));
    expect(await screen.findAllByText('Ya existe una institución con ese nombre.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toBeInvalid();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('falls back to its own message when the server gives none', async () => {
    setup(() => new Response('', { status: 502 }));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Crear institución' }));
    expect(await screen.findByText('Error al intentar crear una nueva institución.')).toBeInTheDocument();
  });
});
