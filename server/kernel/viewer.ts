import type { UserKind } from '../../common/constants.ts';

/** The logged-in person behind a request, resolved once per request; a visitor is `null`. */
export interface Viewer {
  id: number;
  kind: UserKind;
  companyId: number | null;
  firstName: string;
  lastName: string;
  sessionId: string;
  /** An operator's region (the territorial chamber's area); null for a national administrator and others. */
  regionCode: string | null;
}

export type Recruiter = Viewer & { kind: 'recruiter'; companyId: number };
