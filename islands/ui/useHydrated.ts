import { useEffect, useState } from 'react';

/**
 * False while the server's HTML stands alone (before the island hydrates, or on a page without script),
 * true once hydrated: what a plain form needs before then (a field, a real control) may differ from what
 * the script does.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
