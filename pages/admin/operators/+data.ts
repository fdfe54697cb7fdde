import type { PageContextServer } from 'vike/types';
import { operators, regionChoices } from '../../../server/admin/index.ts';
import { pageOf } from '../page-input.ts';

/** Who operates the platform (national administrators only). */
export function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  return pageOf(async () => ({
    operators: (await operators(viewer, deps)).map((operator) => ({
      id: String(operator.id),
      email: operator.email,
      regionCode: operator.regionCode,
      regionName: operator.regionName,
      pending: operator.pending,
      self: operator.id === viewer?.id,
    })),
    regions: regionChoices(),
  }));
}

export type Data = Awaited<ReturnType<typeof data>>;
