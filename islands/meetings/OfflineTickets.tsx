import { useEffect } from 'react';
import { keepTicketsOffline } from '../page-cache.ts';

/**
 * Shows nothing: once hydrated on the teacher's pages, keeps the tickets of their upcoming meetings for
 * reading offline (islands/page-cache.ts, docs/decisions/0046).
 */
export function OfflineTickets({ paths }: { paths: string[] }) {
  useEffect(() => {
    void keepTicketsOffline(paths);
  }, [paths]);
  return null;
}
