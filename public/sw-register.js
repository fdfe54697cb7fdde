// Registers the service worker (root scope). When an updated worker takes control, the page reloads once
// so that it runs the new code (spec); the very first install does not reload. A form being typed in is
// never lost to it (decision 0031): while a form holds typing not yet sent, the page does not reload but
// says a new version is there and offers to reload; leaving the page loads the new version anyway.
if ('serviceWorker' in navigator) {
  const hadController = Boolean(navigator.serviceWorker.controller);
  /** Forms typed in since they were last sent. */
  const dirty = new Set();
  let updated = false;
  let reloading = false;

  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  const formOf = (target) => (target && typeof target.closest === 'function' ? target.closest('form') : null);
  const typed = (event) => {
    const form = formOf(event.target);
    if (form) dirty.add(form);
  };
  document.addEventListener('input', typed, true);
  document.addEventListener('change', typed, true);
  document.addEventListener('submit', (event) => dirty.delete(event.target), true);

  const hasDirtyForm = () => {
    // A form no longer on the page (a closed dialog, a replaced block) holds nothing to lose.
    for (const form of dirty) if (!form.isConnected) dirty.delete(form);
    return dirty.size > 0;
  };

  const offerReload = () => {
    const banner = document.createElement('div');
    banner.setAttribute('role', 'status');
    banner.dataset.testid = 'update-banner';
    banner.style.cssText =
      'position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:1000;margin:0 auto;max-width:40rem;' +
      'display:flex;flex-wrap:wrap;align-items:center;gap:.75rem;padding:1rem 1.25rem;border-radius:1rem;' +
      'background:#1b1530;color:#fff;box-shadow:0 10px 30px rgba(0,0,0,.25);font:inherit';
    const text = document.createElement('p');
    text.style.cssText = 'flex:1 1 16rem;margin:0';
    text.textContent =
      'Une nouvelle version du site est disponible. Enregistrez d’abord votre saisie : un rechargement la perdrait.';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Recharger la page';
    button.style.cssText =
      'padding:.5rem 1rem;border-radius:999px;border:0;background:#ffc629;color:#1b1530;font:inherit;font-weight:700;cursor:pointer';
    button.addEventListener('click', reload);
    banner.append(text, button);
    document.body.append(banner);
  };

  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || updated) return;
    updated = true;
    if (hasDirtyForm()) offerReload();
    else reload();
  });
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  });
}
