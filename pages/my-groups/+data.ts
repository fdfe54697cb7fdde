import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { z } from 'zod';
import { fieldErrors } from '../../common/accounts.ts';
import {
  type ClassRecordFilter,
  classGroupInputSchema,
  classRecordFilterSchema,
} from '../../common/classes.ts';
import { ROUTES } from '../../common/routes.ts';
import { classRecordFor, createGroup, deleteGroup, updateGroup } from '../../server/classes/index.ts';
import { parseInput } from '../../server/kernel/validation.ts';
import { type FormPost, type FormRefusal, formPostOf, refusalOf } from '../layout/form-post.ts';

const groupIdField = z.object({ id: z.coerce.number().int().positive() });

const yearPage = (schoolYear: string) => `${ROUTES.myGroups}?schoolYear=${schoolYear}`;

/** The page's forms: create a group (then its page), edit or delete one (then this page, on its year). */
async function act(post: FormPost, pageContext: PageContextServer): Promise<FormRefusal | null> {
  const { viewer, deps } = pageContext;
  let next: string = ROUTES.myGroups;
  const target = post.intent === 'create' ? null : (post.fields.id ?? null);
  const refusal = await refusalOf(
    post,
    async () => {
      if (post.intent === 'create') {
        const group = await createGroup(viewer, parseInput(classGroupInputSchema, post.fields), deps);
        next = ROUTES.myGroup(group.id);
      } else if (post.intent === 'update') {
        const { id } = parseInput(groupIdField, post.fields);
        const group = await updateGroup(
          viewer,
          { id, input: parseInput(classGroupInputSchema, post.fields) },
          deps,
        );
        next = yearPage(group.schoolYear);
      } else if (post.intent === 'delete') {
        await deleteGroup(viewer, parseInput(groupIdField, post.fields), deps);
        next = post.fields.schoolYear ? yearPage(post.fields.schoolYear) : ROUTES.myGroups;
      }
    },
    target,
  );
  if (!refusal) throw redirect(next);
  return refusal;
}

/**
 * « Mes classes » (docs/decisions/0045): the teacher's groups of a school year (`?schoolYear=`, the current
 * one by default), each with its encounters, hours and sectors, and a prescriber's hours over a period
 * (`?from=&to=`). Its forms are plain HTML posts to this page.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const post = await formPostOf(pageContext);
  const refusal = post ? await act(post, pageContext) : null;
  const search = pageContext.urlParsed.search;
  const asked = classRecordFilterSchema.safeParse({
    schoolYear: search.schoolYear,
    from: search.from,
    to: search.to,
  });
  // A wrong period is said under its fields; the page still shows the year.
  const filter: ClassRecordFilter = asked.success
    ? asked.data
    : { schoolYear: classRecordFilterSchema.safeParse({ schoolYear: search.schoolYear }).data?.schoolYear };
  const record = await classRecordFor(viewer, filter, deps);
  return {
    record: {
      ...record,
      groups: record.groups.map(({ group, ...tally }) => ({
        ...tally,
        group: { id: group.id, name: group.name, level: group.level, schoolYear: group.schoolYear },
      })),
    },
    period: { from: search.from ?? '', to: search.to ?? '' },
    periodErrors: asked.success ? {} : fieldErrors(asked.error),
    refusal,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
