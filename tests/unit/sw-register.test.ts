import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const script = readFileSync(new URL('../../public/sw-register.js', import.meta.url), 'utf8');

/** Runs public/sw-register.js against a stand-in of the browser's service-worker API. */
function boot(options: { controlled: boolean }) {
  const serviceWorker = Object.assign(new EventTarget(), {
    controller: options.controlled ? {} : null,
    register: vi.fn(async () => ({})),
  });
  const window = Object.assign(new EventTarget(), { location: { reload: vi.fn() } });
  runInNewContext(script, { navigator: { serviceWorker }, window });
  window.dispatchEvent(new Event('load'));
  return { serviceWorker, reload: window.location.reload };
}

describe('service worker registration', () => {
  it('registers /sw.js with the root scope once the page has loaded', () => {
    const { serviceWorker } = boot({ controlled: false });
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('does not reload on the first install', () => {
    const { serviceWorker, reload } = boot({ controlled: false });
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once when an updated worker takes control', () => {
    const { serviceWorker, reload } = boot({ controlled: true });
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
