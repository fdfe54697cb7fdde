import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { Window } from 'happy-dom';
import { describe, expect, it, vi } from 'vitest';

const script = readFileSync(new URL('../../public/sw-register.js', import.meta.url), 'utf8');

/** Runs public/sw-register.js against a page (happy-dom) and a stand-in of the service-worker API. */
function boot(options: { controlled: boolean; body?: string }) {
  const serviceWorker = Object.assign(new EventTarget(), {
    controller: options.controlled ? {} : null,
    register: vi.fn(async () => ({})),
  });
  const page = new Window();
  page.document.body.innerHTML = options.body ?? '';
  const reload = vi.fn();
  const window = Object.assign(new EventTarget(), { location: { reload } });
  runInNewContext(script, { navigator: { serviceWorker }, window, document: page.document });
  window.dispatchEvent(new Event('load'));
  const type = (selector: string) =>
    page.document.querySelector(selector)?.dispatchEvent(new page.Event('input', { bubbles: true }));
  const banner = () => page.document.querySelector('[role="status"]');
  return { serviceWorker, reload, page, type, banner };
}

const FORM = '<form id="profil"><input name="firstName"></form><form id="autre"><input name="x"></form>';

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

  it('reloads once when an updated worker takes control and no form is being typed in', () => {
    const { serviceWorker, reload } = boot({ controlled: true, body: FORM });
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps a form being typed in: no reload, a message offers one, reloading on the button', () => {
    const { serviceWorker, reload, type, banner, page } = boot({ controlled: true, body: FORM });
    type('#profil input');
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    expect(banner()?.textContent).toContain('Une nouvelle version du site est disponible');
    (page.document.querySelector('[role="status"] button') as unknown as { click(): void } | null)?.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('counts a form sent, or gone from the page, as nothing to lose', () => {
    const sent = boot({ controlled: true, body: FORM });
    sent.type('#profil input');
    sent.page.document
      .querySelector('#profil')
      ?.dispatchEvent(new sent.page.Event('submit', { bubbles: true }));
    sent.serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(sent.reload).toHaveBeenCalledTimes(1);

    const gone = boot({ controlled: true, body: FORM });
    gone.type('#autre input');
    gone.page.document.querySelector('#autre')?.remove();
    gone.serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(gone.reload).toHaveBeenCalledTimes(1);
  });
});
