import type { CompanyStatus, UserKind } from '../common/constants.ts';
import { findDepartment } from '../db/reference/departments.ts';
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
  /** An operator's region (the territorial chamber's area); null for a national administrator and others. */
  regionCode: string | null;
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

/** A national administrator: every region, and the operators' own management. */
export function requireNationalAdmin(viewer: Viewer | null): Viewer & { kind: 'admin' } {
  const admin = requireKind(viewer, 'admin');
  if (admin.regionCode !== null) throw new AppError('FORBIDDEN');
  return admin;
}

/** A platform article before it is published: the national administrators, who write them, see the draft. */
export function canSeeDraftArticle(viewer: Viewer | null): boolean {
  return viewer?.kind === 'admin' && viewer.regionCode === null;
}

/** The region a department belongs to (the product's 01–18), from the reference list. */
export function regionOfDepartment(departmentCode: string | null | undefined): string | null {
  return (departmentCode && findDepartment(departmentCode)?.regionCode) || null;
}

/**
 * An operator acting on something of this department: national administrators everywhere, regional
 * operators in their region's departments only (issue 13: they never see another region).
 */
export function isOperatorOf(viewer: Viewer | null, departmentCode: string | null | undefined): boolean {
  if (viewer?.kind !== 'admin') return false;
  return viewer.regionCode === null || regionOfDepartment(departmentCode) === viewer.regionCode;
}

/** One of the company's own recruiters. */
export function isOwnCompany(viewer: Viewer | null, companyId: number): boolean {
  return viewer?.kind === 'recruiter' && viewer.companyId === companyId;
}

interface CompanyRef {
  id: number;
  status: CompanyStatus;
  departmentCode: string | null;
}

/** Its own recruiters and its region's operators: who sees a company's private side (contact, bookings). */
export function canSeeCompanyPrivate(viewer: Viewer | null, company: Omit<CompanyRef, 'status'>): boolean {
  return isOperatorOf(viewer, company.departmentCode) || isOwnCompany(viewer, company.id);
}

/**
 * A company, its page, its documents: public once validated; in any other state (pending, refused,
 * archived) only its own recruiters and the operators see it. Anyone else is told it does not exist.
 */
export function canSeeCompany(viewer: Viewer | null, company: CompanyRef): boolean {
  return company.status === 'validated' || canSeeCompanyPrivate(viewer, company);
}

/**
 * A company's slots with their dates and times (PRODUCT.md, Discovery): teachers for a validated company,
 * its own recruiters and the operators. Visitors and other companies' recruiters see counts only.
 */
export function canSeeSlotDates(viewer: Viewer | null, company: CompanyRef): boolean {
  return (
    (viewer?.kind === 'teacher' && company.status === 'validated') || canSeeCompanyPrivate(viewer, company)
  );
}

/** A teacher may book, star, contact only companies that are on the platform. */
export function canTeacherReach(viewer: Viewer | null, company: CompanyRef): boolean {
  return viewer?.kind === 'teacher' && company.status === 'validated';
}

interface MeetingRef {
  teacherId: number;
  companyId: number;
  companyDepartmentCode: string | null;
}

/** A meeting: its teacher, its company's recruiters, the operators of its company's region. */
export function canSeeMeeting(viewer: Viewer | null, meeting: MeetingRef): boolean {
  return (
    isOperatorOf(viewer, meeting.companyDepartmentCode) ||
    (viewer?.kind === 'teacher' && viewer.id === meeting.teacherId) ||
    isOwnCompany(viewer, meeting.companyId)
  );
}

/** Either side of a meeting may cancel it; the operators act on companies, not on bookings. */
export function canCancelMeeting(
  viewer: Viewer | null,
  meeting: Omit<MeetingRef, 'companyDepartmentCode'>,
): boolean {
  return (
    (viewer?.kind === 'teacher' && viewer.id === meeting.teacherId) || isOwnCompany(viewer, meeting.companyId)
  );
}

/**
 * A slot's video link (an external webinar's address): its company, its region's operators, and the
 * teachers who hold a live booking on it. Anyone else could join a meeting they did not book.
 */
export function canSeeVideoLink(
  viewer: Viewer | null,
  company: Omit<CompanyRef, 'status'>,
  viewerHoldsBooking: boolean,
): boolean {
  return canSeeCompanyPrivate(viewer, company) || (viewer?.kind === 'teacher' && viewerHoldsBooking);
}
