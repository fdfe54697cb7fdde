import type { ComponentType } from 'react';

/**
 * Every component that hydrates in the browser, by the name its server-rendered marker carries.
 * Loaded on demand, so a page downloads only the islands it shows.
 */
// biome-ignore lint/suspicious/noExplicitAny: each island declares its own props.
type Loader = () => Promise<ComponentType<any>>;

export const ISLANDS = {
  FaqFilter: () => import('./FaqFilter.tsx').then((m) => m.FaqFilter),
  Toaster: () => import('./ui/Toast.tsx').then((m) => m.Toaster),
} satisfies Record<string, Loader>;

export type IslandName = keyof typeof ISLANDS;
