import '@testing-library/jest-dom/vitest';
import './texts.ts';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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
