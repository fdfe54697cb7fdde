import type { RecruitmentSite } from '../../kernel/ports/recruitment-site.ts';
import { type BuiltinRecruitmentSiteOptions, createBuiltinRecruitmentSite } from './builtin.ts';
import { createHttpRecruitmentSite, type HttpRecruitmentSiteOptions } from './http.ts';

export { type BuiltinRecruitmentSiteOptions, createBuiltinRecruitmentSite } from './builtin.ts';
export { createHttpRecruitmentSite, type HttpRecruitmentSiteOptions } from './http.ts';

export type RecruitmentSiteOptions =
  | ({ adapter: 'builtin' } & BuiltinRecruitmentSiteOptions)
  | ({ adapter: 'http' } & HttpRecruitmentSiteOptions);

export function createRecruitmentSite(options: RecruitmentSiteOptions): RecruitmentSite {
  return options.adapter === 'http'
    ? createHttpRecruitmentSite(options)
    : createBuiltinRecruitmentSite(options);
}
