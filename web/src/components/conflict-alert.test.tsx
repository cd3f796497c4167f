import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { renderScreen } from '../test/render.tsx';
import { ConflictAlert } from './conflict-alert.tsx';

const STALE = 'Este paciente fue modificado en otro lugar. Recargue para ver los cambios.';

describe('ConflictAlert', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it("names the alert with the shared stale-version text and adds the screen's detail", () => {
    renderScreen(<ConflictAlert onReload={vi.fn(async () => undefined)} detail="Sus cambios siguen aquí." />);
    const alert = screen.getByRole('alert', { name: STALE });
    expect(alert).toHaveTextContent('Sus cambios siguen aquí.');
    expect(within(alert).getByRole('button', { name: 'Recargar' })).toBeEnabled();
  });

  it('shows the reload as loading until the patient has been read again', async () => {
    let finish: () => void = () => undefined;
    const onReload = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderScreen(<ConflictAlert onReload={onReload} />);
    const reload = screen.getByRole('button', { name: 'Recargar' });
    await userEvent.click(reload);
    expect(onReload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(reload).toBeDisabled());
    finish();
    await waitFor(() => expect(reload).toBeEnabled());
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    renderScreen(<ConflictAlert onReload={vi.fn(async () => undefined)} />);
    expect(
      screen.getByRole('alert', { name: 'This patient was changed elsewhere. Reload to see the changes.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
