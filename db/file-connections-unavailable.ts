/** The Worker build's stand-in (vite.config.ts): over HTTP there is no connection of ours to tune. */
export function tuneFileConnections(): void {}

/** Over HTTP the database checkpoints itself. */
export function startCheckpointer(_url: string): { stop(): Promise<void> } {
  return { stop: async () => {} };
}
