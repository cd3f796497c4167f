import '@testing-library/jest-dom/vitest';
import './texts.ts';
import { notifications } from '@mantine/notifications';
import { DEFAULT_LANGUAGE } from '@registry/shared';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';

// findBy… and waitFor wait up to 5 s rather than 1: npm test runs these tests beside the journeys and
// the API tests, and a screen's next render can take seconds then.
configure({ asyncUtilTimeout: 5_000 });

// The files of a worker share their modules (vitest.config.ts: isolate is off for the web app): each
// starts in the default language, and leaves no stubbed global or fake clock behind.
beforeAll(async () => {
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
});
afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

afterEach(() => {
  cleanup();
  // The toasts' store outlives a test's screen: without this, a file's earlier toasts fill its
  // limit and queue a later test's.
  notifications.clean();
  notifications.cleanQueue();
  sessionStorage.clear();
  localStorage.clear();
});

// jsdom lacks what Mantine asks the browser for.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
// jsdom has no document.fonts, which Mantine's autosize Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
