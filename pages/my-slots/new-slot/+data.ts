import type { PageContextServer } from 'vike/types';
import { zoneName } from '../../../common/format.ts';
import { utcToZonedWallClock } from '../../../common/time.ts';
import { EMPTY_SLOT_VALUES, type SlotFormProps } from '../../../islands/slots/SlotForm.tsx';
import { findCompanyById } from '../../../server/companies/index.ts';
import { listDepartments } from '../../../server/territory/index.ts';

/** The company's zone (PRODUCT.md, Time): the form's date and time are typed in it. */
async function companyTimeZone(pageContext: PageContextServer, companyId: number | null): Promise<string> {
  const { db } = pageContext.deps;
  const company = companyId ? await findCompanyById(db, companyId) : null;
  const department = company && (await listDepartments(db)).find((d) => d.code === company.departmentCode);
  return department?.timeZone ?? 'Europe/Paris';
}

export async function data(pageContext: PageContextServer): Promise<{ form: SlotFormProps }> {
  const { viewer, deps } = pageContext;
  const timeZone = await companyTimeZone(pageContext, viewer?.companyId ?? null);
  const now = deps.clock.now();
  return {
    form: {
      slot: null,
      // The recruiter often welcomes the group: their name is a start, easy to change.
      initial: {
        ...EMPTY_SLOT_VALUES,
        speaker: {
          ...EMPTY_SLOT_VALUES.speaker,
          name: viewer?.lastName ?? '',
          firstname: viewer?.firstName ?? '',
        },
      },
      today: utcToZonedWallClock(now, timeZone).date,
      zoneName: zoneName(now, timeZone),
    },
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
