import type { PageContextServer } from 'vike/types';
import { DEPARTMENT_INTENT, departmentChanged } from '../../../islands/admin/DepartmentToggles.tsx';
import {
  departmentActiveSchema,
  departmentsForAdmin,
  setDepartmentActiveFor,
} from '../../../server/admin/index.ts';
import { parseInput } from '../../../server/kernel/validation.ts';
import { adminPost } from '../admin-post.ts';
import { NOTICE_ID, pageOf } from '../page-input.ts';

/**
 * The departments of the operator's area, each opened or closed by a plain post first (issue 36): the API's
 * `setDepartmentActive` with its schema, the closing asked first as a step, then the page saying what changed
 * (`?ouvert=` or `?ferme=`, the code). Another region's department is a 404, as the API's NOT_FOUND.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const plain = await adminPost(pageContext, {
    [DEPARTMENT_INTENT]: {
      target: (post) => post.fields.code ?? null,
      asks: (post) => post.fields.active === 'false',
      async run(post) {
        const input = parseInput(departmentActiveSchema, {
          code: post.fields.code,
          active: post.fields.active === 'true',
        });
        await setDepartmentActiveFor(viewer, input, deps);
        return `${urlParsed.pathname}?${input.active ? 'ouvert' : 'ferme'}=${input.code}#${NOTICE_ID}`;
      },
    },
  });
  const departments = await pageOf(() => departmentsForAdmin(viewer, deps));
  const { ouvert, ferme } = urlParsed.search;
  const changed = departments.find((department) => department.code === (ouvert ?? ferme));
  return {
    departments,
    plain,
    notice: changed ? departmentChanged(changed, ouvert !== undefined) : null,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
