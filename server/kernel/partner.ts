import type { PartnerScope } from '../../common/partners.ts';
import type { Viewer } from './viewer.ts';

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

/** Who calls a partner's use case: the key, if any, and the person of the session (a key is never a person). */
export interface PartnerCaller {
  partner: PartnerViewer | null | undefined;
  viewer: Viewer | null;
}
