import type { PageContextServer } from 'vike/types';
import { listDepartments } from '../../server/territory/index.ts';

export async function data(pageContext: PageContextServer) {
  const departments = await listDepartments(pageContext.deps.db);
  return { departments: departments.map(({ code, name, active }) => ({ code, name, active })) };
}

export type Data = Awaited<ReturnType<typeof data>>;
