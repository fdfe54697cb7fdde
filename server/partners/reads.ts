import { z } from 'zod';
import { type StatisticsInput, statisticsInputSchema } from '../../common/statistics.ts';
import { statisticsOfArea } from '../admin/index.ts';
import { companyIdsIn, listCompanies } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { PartnerCaller } from '../kernel/partner.ts';
import { partnerArea, requirePartnerScope } from '../permissions.ts';
import { openSlotViewPage } from '../slots/index.ts';

/*
 * What a partner key reads (issue 37; PRODUCT.md, Partners): public data of its regions, each kind behind its
 * scope. The narrowing to its regions is permissions.partnerArea; which fields of the answers it may read is
 * access.ts.
 */

const area = {
  regionCode: z.string().trim().optional(),
  departmentCode: z.string().trim().optional(),
};
const page = {
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(50),
};

export const partnerSlotsSchema = z.object({
  ...area,
  ...page,
  from: z.date().optional(),
  to: z.date().optional(),
});

export const partnerCompaniesSchema = z.object({ ...area, ...page });

/** The statistics' own arguments (a period, a department), and a region. */
export const partnerStatisticsSchema = z.intersection(
  statisticsInputSchema,
  z.object({ regionCode: area.regionCode }),
);

/** The open slots of the key's regions (or of the region or department asked), soonest first (`slots_read`). */
export async function partnerSlots(
  caller: PartnerCaller,
  input: z.infer<typeof partnerSlotsSchema>,
  deps: Deps,
) {
  const departments = partnerArea(requirePartnerScope(caller.partner, caller.viewer, 'slots_read'), input);
  const companyIds = departments ? await companyIdsIn(deps.db, departments, 'validated') : undefined;
  return openSlotViewPage({ ...input, companyIds }, deps);
}

/** The validated companies of the key's regions (or of the region or department asked), by name (`companies_read`). */
export async function partnerCompanies(
  caller: PartnerCaller,
  input: z.infer<typeof partnerCompaniesSchema>,
  deps: Deps,
) {
  const departmentCodes = partnerArea(
    requirePartnerScope(caller.partner, caller.viewer, 'companies_read'),
    input,
  );
  return listCompanies(deps.db, { ...input, status: 'validated', departmentCodes });
}

/** The programme's numbers for the key's regions (or the region or department asked), as the operators' (`statistics_read`). */
export async function partnerStatistics(
  caller: PartnerCaller,
  input: StatisticsInput & { regionCode?: string | undefined },
  deps: Deps,
) {
  const departmentCodes = partnerArea(requirePartnerScope(caller.partner, caller.viewer, 'statistics_read'), {
    regionCode: input.regionCode,
    departmentCode: input.departmentCode ?? undefined,
  });
  return statisticsOfArea(departmentCodes, input, deps);
}
