/** Cloudflare's own value in a Worker; Node's is `Node.js/…` (pages/+server.ts tells them apart the same way). */
export function runsOnWorkers(): boolean {
  return globalThis.navigator?.userAgent === 'Cloudflare-Workers';
}
