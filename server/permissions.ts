import type { CompanyStatus, UserKind } from '../common/constants.ts';
import { AppError } from './errors.ts';

/**
 * Who may see or do what, in one place (ARCHITECTURE.md, One door per rule). Every door — resolvers,
 * page data, routes, jobs — asks these questions through the domains' use cases, so that no door can
 * answer one differently. They are plain questions about rows already read: no database here.
 */

/** The logged-in person behind a request, resolved once per request; a visitor is `null`. */
export interface Viewer {
  id: number;
  kind: UserKind;
  companyId: number | null;
  firstName: string;
  lastName: string;
  sessionId: string;
}

export type Recruiter = Viewer & { kind: 'recruiter'; companyId: number };

/** The logged-in caller; UNAUTHENTICATED for a visitor. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  return viewer;
}

/** The caller when they are one of `kinds`: UNAUTHENTICATED for a visitor, FORBIDDEN for anyone else. */
export function requireKind<K extends UserKind>(
  viewer: Viewer | null,
  ...kinds: [K, ...K[]]
): Viewer & { kind: K } {
  const caller = requireViewer(viewer);
  if (!(kinds as UserKind[]).includes(caller.kind)) throw new AppError('FORBIDDEN');
  return caller as Viewer & { kind: K };
}

/** A recruiter, with the company they belong to. */
export function requireRecruiter(viewer: Viewer | null): Recruiter {
  const recruiter = requireKind(viewer, 'recruiter');
  if (recruiter.companyId === null) throw new AppError('FORBIDDEN');
  return recruiter as Recruiter;
}

/** One of the company's own recruiters. */
export function isOwnCompany(viewer: Viewer | null, companyId: number): boolean {
  return viewer?.kind === 'recruiter' && viewer.companyId === companyId;
}

/** Its own recruiters and the operators: who sees a company's private side (contact, opt-in, bookings). */
export function canSeeCompanyPrivate(viewer: Viewer | null, companyId: number): boolean {
  return viewer?.kind === 'admin' || isOwnCompany(viewer, companyId);
}

interface CompanyRef {
  id: number;
  status: CompanyStatus;
}

/**
 * A company, its page, its documents: public once validated; in any other state (pending, refused,
 * archived) only its own recruiters and the operators see it. Anyone else is told it does not exist.
 */
export function canSeeCompany(viewer: Viewer | null, company: CompanyRef): boolean {
  return company.status === 'validated' || canSeeCompanyPrivate(viewer, company.id);
}

/**
 * A company's slots with their dates and times (PRODUCT.md, Discovery): teachers for a validated company,
 * its own recruiters and the operators. Visitors and other companies' recruiters see counts only.
 */
export function canSeeSlotDates(viewer: Viewer | null, company: CompanyRef): boolean {
  return (
    (viewer?.kind === 'teacher' && company.status === 'validated') || canSeeCompanyPrivate(viewer, company.id)
  );
}

/** A teacher may book, star, contact only companies that are on the platform. */
export function canTeacherReach(viewer: Viewer | null, company: CompanyRef): boolean {
  return viewer?.kind === 'teacher' && company.status === 'validated';
}

interface MeetingRef {
  teacherId: number;
  companyId: number;
}

/** A meeting: its teacher, its company's recruiters, the operators. */
export function canSeeMeeting(viewer: Viewer | null, meeting: MeetingRef): boolean {
  return (
    viewer?.kind === 'admin' ||
    (viewer?.kind === 'teacher' && viewer.id === meeting.teacherId) ||
    isOwnCompany(viewer, meeting.companyId)
  );
}

/** Either side of a meeting may cancel it; the operators act on companies, not on bookings. */
export function canCancelMeeting(viewer: Viewer | null, meeting: MeetingRef): boolean {
  return (
    (viewer?.kind === 'teacher' && viewer.id === meeting.teacherId) || isOwnCompany(viewer, meeting.companyId)
  );
}

/**
 * A slot's video link (an external webinar's address): its company, the operators, and the teachers who
 * hold a live booking on it. Anyone else could join a meeting they did not book.
 */
export function canSeeVideoLink(
  viewer: Viewer | null,
  slot: { companyId: number },
  viewerHoldsBooking: boolean,
): boolean {
  return canSeeCompanyPrivate(viewer, slot.companyId) || (viewer?.kind === 'teacher' && viewerHoldsBooking);
}

/**
 * A teacher's documents (PRODUCT.md, Accounts): the teacher, the companies they booked with (a cancelled
 * booking does not count) and the operators. `bookedWithViewersCompany` is read for a recruiter only.
 */
export function canSeeTeacherDocuments(
  viewer: Viewer | null,
  teacherId: number,
  bookedWithViewersCompany: boolean,
): boolean {
  return (
    viewer?.kind === 'admin' ||
    (viewer?.kind === 'teacher' && viewer.id === teacherId) ||
    (viewer?.kind === 'recruiter' && bookedWithViewersCompany)
  );
}

/**
 * A slot's documents (visit documentation, safety rules): its company, the operators, and the teachers
 * who hold a live booking on it — the same people as its video link.
 */
export function canSeeSlotDocuments(
  viewer: Viewer | null,
  slot: { companyId: number },
  viewerHoldsBooking: boolean,
): boolean {
  return canSeeVideoLink(viewer, slot, viewerHoldsBooking);
}
