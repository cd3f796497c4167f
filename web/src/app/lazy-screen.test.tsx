import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { renderScreen } from '../test/render.tsx';
import { lazyScreen } from './lazy-screen.tsx';

/** A screen whose code arrives when the test says so. */
function deferredScreen() {
  let arrive: () => void = () => undefined;
  const module = new Promise<{ Component: () => React.JSX.Element }>((resolve) => {
    arrive = () => resolve({ Component: () => <h1>Pacientes</h1> });
  });
  return { route: lazyScreen(() => module), arrive };
}

describe('a screen whose code is fetched on demand', () => {
  it.each([
    ['es', 'Cargando…'],
    ['en', 'Loading…'],
  ])('shows the loading indicator (%s) until its code arrives, then the screen', async (language, label) => {
    await i18n.changeLanguage(language);
    const { route, arrive } = deferredScreen();
    renderScreen(route.element);
    expect(screen.getByRole('status', { name: label })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    arrive();
    expect(await screen.findByRole('heading', { name: 'Pacientes' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await i18n.changeLanguage('es');
  });
});
