import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '../i18n';

// Mantine reads these browser APIs, which jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// jsdom lays nothing out, so every box measures 0 × 0 and recharts' ResponsiveContainer (under
// @mantine/charts) would draw nothing. Its container alone gets the size of a desktop card.
const measure = window.HTMLElement.prototype.getBoundingClientRect;
window.HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect() {
  return this.classList.contains('recharts-responsive-container')
    ? new DOMRect(0, 0, 640, 260)
    : measure.call(this);
};
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = () => {};

// A busy machine (a parallel build, the browser tests) can take longer than the default second
// to render a search result; findBy* and waitFor wait up to this long for it.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // The toast store is module state: without this, a test's toasts show up in the next one.
  notifications.clean();
  window.localStorage.clear();
  // The language is module state too: every test starts in English unless it switches.
  void i18n.changeLanguage('en');
});
