import type { PageContextServer } from 'vike/types';
import { countAvailableSlots } from '../../server/slots/index.ts';

export async function data(pageContext: PageContextServer) {
  const { db, clock } = pageContext.deps;
  return {
    availableSlots: await countAvailableSlots(db, clock.now()),
    accountDeleted: pageContext.urlParsed.search.compte === 'supprime',
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
