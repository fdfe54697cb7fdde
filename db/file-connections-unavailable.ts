/** The Worker build's stand-in (vite.config.ts): over HTTP there is no connection of ours to tune. */
export function tuneFileConnections(): void {}
