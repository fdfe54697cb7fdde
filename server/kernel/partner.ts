import type { PartnerScope } from '../../common/partners.ts';

/**
 * The partner behind a request made with a partner key (`Authorization: Bearer pk_…`), resolved once per
 * request like the viewer; null for any other request. A partner is never a viewer: it reads public data
 * only, within its scopes and regions.
 */
export interface PartnerViewer {
  id: number;
  name: string;
  contactEmail: string;
  scopes: PartnerScope[];
  /** Empty: every region. */
  regionCodes: string[];
}
