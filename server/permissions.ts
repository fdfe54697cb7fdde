import type { CompanyStatus, StoredMeetingStatus, TeamRole, UserKind } from '../common/constants.ts';
import { PARTNER_KEY_MESSAGES } from '../common/partner-keys.ts';
import type { PartnerScope } from '../common/partners.ts';
import { DEPARTMENTS, findDepartment, REGIONS } from '../db/reference/departments.ts';
import { AppError, invalidInput } from './kernel/errors.ts';
import type { PartnerViewer } from './kernel/partner.ts';
import type { Recruiter, Viewer } from './kernel/viewer.ts';

/**
 * Who may see or do what, in one place (ARCHITECTURE.md, One door per rule). Every door — resolvers,
 * page data, routes, jobs — asks these questions through the domains' use cases, so that no door can
 * answer one differently. They are plain questions about rows already read: no database here.
 */

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
  if (!isNationalAdmin(admin)) throw new AppError('FORBIDDEN');
  return admin;
}

/** A national administrator: an admin of no region in particular. */
export function isNationalAdmin(viewer: Viewer | null): boolean {
  return viewer?.kind === 'admin' && viewer.regionCode === null;
}

/**
 * The partner key behind a request, when it holds `scope` (issue 37): UNAUTHENTICATED for a visitor,
 * FORBIDDEN for a person logged in (a partner is never a viewer) or a key without that scope.
 */
export function requirePartnerScope(
  partner: PartnerViewer | null | undefined,
  viewer: Viewer | null,
  scope: PartnerScope,
): PartnerViewer {
  if (!partner) throw new AppError(viewer ? 'FORBIDDEN' : 'UNAUTHENTICATED');
  if (!partner.scopes.includes(scope)) throw new AppError('FORBIDDEN');
  return partner;
}

/** Whether a partner key hears of what happens in this region: every region when it names none. */
export function partnerCoversRegion(partner: { regionCodes: string[] }, regionCode: string | null): boolean {
  return (
    partner.regionCodes.length === 0 || (regionCode !== null && partner.regionCodes.includes(regionCode))
  );
}

/** A platform article before it is published: the national administrators, who write them, see the draft. */
export function canSeeDraftArticle(viewer: Viewer | null): boolean {
  return isNationalAdmin(viewer);
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

/**
 * An operator's area (issue 13): the departments their lists cover — the one asked when it is in their area
 * (none when it is not), else their region's, else (a national administrator) all of France, `undefined`.
 * FORBIDDEN for anyone but an operator.
 */
export function operatorArea(viewer: Viewer | null, departmentCode?: string | null): string[] | undefined {
  const operator = requireKind(viewer, 'admin');
  if (departmentCode) return isOperatorOf(operator, departmentCode) ? [departmentCode] : [];
  if (operator.regionCode === null) return undefined;
  return DEPARTMENTS.filter((department) => department.regionCode === operator.regionCode).map(
    (department) => department.code,
  );
}

/**
 * A partner's area (issue 37): the departments its reads cover — the department or the region asked, when
 * its regions hold it (else refused on its field), otherwise its regions'; `undefined` for a key of every
 * region asking for everything.
 */
export function partnerArea(
  partner: PartnerViewer,
  asked: { regionCode?: string | undefined; departmentCode?: string | undefined },
): string[] | undefined {
  const covers = (regionCode: string) => partnerCoversRegion(partner, regionCode);
  if (asked.departmentCode) {
    const department = findDepartment(asked.departmentCode);
    if (!department) throw invalidInput({ departmentCode: PARTNER_KEY_MESSAGES.unknownDepartment });
    if (!covers(department.regionCode))
      throw invalidInput({ departmentCode: PARTNER_KEY_MESSAGES.outsideArea });
    return [department.code];
  }
  if (asked.regionCode) {
    if (!REGIONS[asked.regionCode]) throw invalidInput({ regionCode: PARTNER_KEY_MESSAGES.unknownRegion });
    if (!covers(asked.regionCode)) throw invalidInput({ regionCode: PARTNER_KEY_MESSAGES.outsideArea });
  }
  const regions = asked.regionCode ? [asked.regionCode] : partner.regionCodes;
  if (regions.length === 0) return undefined;
  return DEPARTMENTS.filter((department) => regions.includes(department.regionCode)).map(
    (department) => department.code,
  );
}

/** One of the company's own recruiters. */
export function isOwnCompany(viewer: Viewer | null, companyId: number): boolean {
  return viewer?.kind === 'recruiter' && viewer.companyId === companyId;
}

/**
 * A company's team (issue 21, docs/decisions/0049): its own recruiters see it; its admins invite, answer join
 * requests, change roles and remove; a member may only leave. `me` is the caller's own place in the team, read
 * by the use case; FORBIDDEN for a member acting on someone else.
 */
export function requireTeamAdmin(me: { role: TeamRole } | null): void {
  if (me?.role !== 'admin') throw new AppError('FORBIDDEN');
}

/** Who may take someone out of a team: its admins, or the member themself (leaving). */
export function mayRemoveFromTeam(me: { id: number; role: TeamRole } | null, userId: number): boolean {
  return me !== null && (me.role === 'admin' || me.id === userId);
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

/**
 * A meeting's group (« Mes classes »): its teacher's own filing, read and changed by its teacher alone. The
 * company sees the group's size and public, never how the teacher files it (docs/decisions/0045).
 */
export function isMeetingTeacher(viewer: Viewer | null, meeting: Pick<MeetingRef, 'teacherId'>): boolean {
  return viewer?.kind === 'teacher' && viewer.id === meeting.teacherId;
}

/** Either side of a meeting may cancel it; the operators act on companies, not on bookings. */
export function canCancelMeeting(
  viewer: Viewer | null,
  meeting: Omit<MeetingRef, 'companyDepartmentCode'>,
): boolean {
  return confirmingSideOf(viewer, meeting) !== null;
}

/**
 * Either side may cancel a meeting now: it stands (not cancelled) and has not started (PRODUCT.md, Meetings).
 * What the pages, the API and the cancellation itself ask.
 */
export function canCancelMeetingNow(
  viewer: Viewer | null,
  meeting: Omit<MeetingRef, 'companyDepartmentCode'> & { status: StoredMeetingStatus; startsAt: Date },
  now: Date,
): boolean {
  return (
    meeting.status !== 'cancelled' &&
    meeting.startsAt.getTime() > now.getTime() &&
    canCancelMeeting(viewer, meeting)
  );
}

/** Only its teacher changes a booking (PRODUCT.md, Taking a class out); anyone else is told it does not exist. */
export function canChangeBooking(viewer: Viewer | null, meeting: Pick<MeetingRef, 'teacherId'>): boolean {
  return viewer?.kind === 'teacher' && viewer.id === meeting.teacherId;
}

/** Its teacher may change a booking now: it stands (not cancelled) and has not started. */
export function canChangeBookingNow(
  viewer: Viewer | null,
  meeting: Pick<MeetingRef, 'teacherId'> & { status: StoredMeetingStatus; startsAt: Date },
  now: Date,
): boolean {
  return (
    meeting.status !== 'cancelled' &&
    meeting.startsAt.getTime() > now.getTime() &&
    canChangeBooking(viewer, meeting)
  );
}

/**
 * A reminder's « Je confirme » (docs/decisions/0040): its teacher for the teacher's side, one of its
 * company's recruiters for the company's — the people who may cancel it. Returns the side, or null.
 * The same two sides, and nobody else (not the operators), get its documents and its attestation's code
 * (docs/decisions/0046).
 */
export function confirmingSideOf(
  viewer: Viewer | null,
  meeting: Omit<MeetingRef, 'companyDepartmentCode'>,
): 'teacher' | 'company' | null {
  if (viewer?.kind === 'teacher' && viewer.id === meeting.teacherId) return 'teacher';
  return isOwnCompany(viewer, meeting.companyId) ? 'company' : null;
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

/**
 * Who someone is in a slot's video room (docs/decisions/0017, 0032): its company's recruiters host it, the
 * teachers holding a live booking on it are participants, nobody else enters — not even the operators.
 */
export function videoRoleOf(
  viewer: Viewer | null,
  slot: { companyId: number },
  viewerHoldsBooking: boolean,
): 'host' | 'participant' | null {
  if (isOwnCompany(viewer, slot.companyId)) return 'host';
  return viewer?.kind === 'teacher' && viewerHoldsBooking ? 'participant' : null;
}

/**
 * The room's controls — open it to the classes, bring a class on stage and back, mute or remove one, lower a
 * hand, end the meeting — are its host's: the slot's company's recruiters. The browser's word is not asked.
 */
export function canHostVideoRoom(viewer: Viewer | null, slot: { companyId: number }): boolean {
  return isOwnCompany(viewer, slot.companyId);
}

/** Only the meeting's teacher answers its satisfaction questionnaire. */
export function canGiveFeedback(viewer: Viewer | null, meeting: { teacherId: number }): boolean {
  return viewer?.kind === 'teacher' && viewer.id === meeting.teacherId;
}

/**
 * The questionnaires' answers and averages: a company's own recruiters for its meetings, the operators for
 * one company of their region or for all of their area (`company` null). Teachers see only their own
 * answers, on their meeting.
 */
export function canSeeFeedbackReport(
  viewer: Viewer | null,
  company: { id: number; departmentCode: string | null } | null,
): boolean {
  if (viewer?.kind === 'admin') return company === null || isOperatorOf(viewer, company.departmentCode);
  return company !== null && isOwnCompany(viewer, company.id);
}

/** The company that hosted the meeting says whether the group came; the operators do not judge it. */
export function canMarkAbsent(viewer: Viewer | null, meeting: MeetingRef): boolean {
  return isOwnCompany(viewer, meeting.companyId);
}

/** The meeting's teacher asks for transport help. */
export function canRequestTransport(viewer: Viewer | null, meeting: { teacherId: number }): boolean {
  return viewer?.kind === 'teacher' && viewer.id === meeting.teacherId;
}

/**
 * A transport request (its departure, the teacher's comment, the answer): its teacher and the operators of
 * the meeting's region. The company has no part in it.
 */
export function canSeeTransportRequest(
  viewer: Viewer | null,
  meeting: { teacherId: number; companyDepartmentCode: string | null },
): boolean {
  return isOperatorOf(viewer, meeting.companyDepartmentCode) || canRequestTransport(viewer, meeting);
}

/** The operators list transport requests: a regional operator, their region's. */
export function canAnswerTransportRequests(viewer: Viewer | null): boolean {
  return viewer?.kind === 'admin';
}

/** The operators of the meeting's region answer its transport request (issue 13). */
export function canAnswerTransportRequest(
  viewer: Viewer | null,
  meeting: { companyDepartmentCode: string | null },
): boolean {
  return isOperatorOf(viewer, meeting.companyDepartmentCode);
}

/**
 * A teacher's documents (PRODUCT.md, Accounts): the teacher, the companies they booked with (a cancelled
 * booking does not count) and the operators of the teacher's region. `bookedWithViewersCompany` is read for a recruiter only.
 */
export function canSeeTeacherDocuments(
  viewer: Viewer | null,
  teacher: { id: number; departmentCode: string | null },
  bookedWithViewersCompany: boolean,
): boolean {
  return (
    isOperatorOf(viewer, teacher.departmentCode) ||
    (viewer?.kind === 'teacher' && viewer.id === teacher.id) ||
    (viewer?.kind === 'recruiter' && bookedWithViewersCompany)
  );
}

/**
 * A slot's documents (visit documentation, safety rules): its company, the operators, and the teachers
 * who hold a live booking on it — the same people as its video link.
 */
export function canSeeSlotDocuments(
  viewer: Viewer | null,
  company: Omit<CompanyRef, 'status'>,
  viewerHoldsBooking: boolean,
): boolean {
  return canSeeVideoLink(viewer, company, viewerHoldsBooking);
}

/**
 * A contact-form message (docs/decisions/0042): the operators of its sender's region handle it, national
 * administrators every one; a message of no known region is the national administrators'.
 */
export function canHandleContactMessage(
  viewer: Viewer | null,
  message: { regionCode: string | null },
): boolean {
  if (viewer?.kind !== 'admin') return false;
  return viewer.regionCode === null || viewer.regionCode === message.regionCode;
}

/**
 * A waitlist entry (docs/decisions/0041): only its teacher leaves it or accepts its offer; anyone else is
 * answered NOT_FOUND. Joining is booking's rule: a teacher, a company on the platform (canTeacherReach).
 */
export function canActOnWaitlistEntry(viewer: Viewer | null, entry: { teacherId: number }): boolean {
  return viewer?.kind === 'teacher' && viewer.id === entry.teacherId;
}
