import type { UserKind } from './constants.ts';

/** Where the pages other sites may frame live (their own CSP, `frame-ancestors *`: server/http/security.ts). */
export const EMBED_PATH_PREFIX = '/embed/';

/** The spec's route table (section 2), by route name. */
export const ROUTES = {
  landing: '/',
  landingCompany: '/landing-company',
  loginCompany: '/login-company',
  loginCompanySuccess: '/login-company-success',
  loginTeacher: '/login-teacher',
  signUpTeacher: '/signup-teacher',
  signUpCompany: '/signup-company',
  forgotPassword: '/forgot-password',
  confirmEmail: '/confirm-email',
  resetPassword: '/reset-password',
  homeTeacher: '/home-teacher',
  homeCompany: '/home-company',
  meetingsTeacher: '/meetings-teacher',
  meetingsCompany: '/meetings-company',
  meetingDetailsCompany: '/meetings-company/meeting-details',
  meetingDetailsTeacher: '/meetings-teacher/meeting-details',
  searchCompanies: '/search-companies',
  companyDetails: '/company-details',
  faq: '/faq',
  feedback: (id: string | number) => `/feedback/${id}`,
  myCompany: '/my-company',
  /** The company's team (issue 21): members, invitations, join requests. */
  myTeam: '/my-company/team',
  /** An invitation's link: the colleague chooses a password and joins the team. */
  joinTeam: '/join-team',
  /** A join request's e-mailed link: the requester confirms their address (issue 37, docs/decisions/0099). */
  confirmJoinRequest: '/confirm-join-request',
  mySlots: '/my-slots',
  newSlot: '/my-slots/new-slot',
  editSlot: '/my-slots/edit-slot',
  deleteSlot: '/my-slots/delete-slot',
  contactUs: '/contact-us',
  myProfile: '/my-profile',
  meetingVideoConference: (id: string | number) => `/meeting-videoconference/${id}`,
  /** One meeting as an .ics file, for its teacher or its company with the session (server/meetings/calendar-feed.ts). */
  meetingCalendar: (id: string | number) => `/calendar/meetings/${id}.ics`,
  myFavorites: '/my-favorites',
  /** A reminder's « Je confirme » or « Je ne peux plus venir » (a signed token, docs/decisions/0040). */
  meetingAction: (token: string) => `/meeting-action/${token}`,
  article: (id: string | number) => `/article/${id}`,
  cgu: '/cgu',
  /** The partner API's public page (issue 37): how to get a key, what it reads, the webhooks. */
  developers: '/developpeurs',
  /** The legal pages (issue 37, docs/decisions/0098): public, without JavaScript, linked from every footer. */
  legalNotice: '/mentions-legales',
  privacyPolicy: '/confidentialite',
  accessibility: '/accessibilite',
  /** « Tester ma connexion » (issue 38, docs/decisions/0102): public, the network's and the devices' checks. */
  connectionTest: '/test-connexion',
  /** « Mes données »: everything the platform holds about the logged-in person, as a JSON download. */
  myData: '/my-data.json',
  /** The retention warning's « Garder mon compte » (a signed token): GET shows, the page's button posts. */
  keepAccount: (token: string) => `/keep-account/${token}`,
  admin: '/admin',
  adminLogin: '/admin/login',
  adminTransport: '/admin/transport',
  adminFeedback: '/admin/feedback',
  adminContact: '/admin/contact',
  /** The platform's operations (issue 34): the national administrators' view of what waits and what failed. */
  adminOperations: '/admin/operations',
  /** The partner keys (issue 37): the national administrators' alone. */
  adminPartners: '/admin/partners',
  adminContactMessage: (id: string | number) => `/admin/contact/${id}`,
  feedbackExport: '/exports/feedback.csv',
  /** « Mes classes » (docs/decisions/0045): the teacher's groups, a group's page, their encounters as CSV. */
  myGroups: '/my-groups',
  myGroup: (id: string | number) => `/my-groups/${id}`,
  myGroupsExport: '/exports/my-groups.csv',
  myGroupSummary: (id: string | number) => `/my-groups/${id}/synthese.pdf`,
  /** The weekly alert's unsubscribe link (a signed token, docs/decisions/0039): GET shows, POST acts. */
  unsubscribe: (token: string) => `/unsubscribe/${token}`,
  /** « Nos prochaines visites »: a company's open slots as a zero-JS page other sites frame (issue 21). */
  embedCompany: (id: string | number) => `${EMBED_PATH_PREFIX}company/${id}`,
} as const;

/**
 * The field the unsubscribe page's button posts beside RFC 8058's `List-Unsubscribe=One-Click`: the answer
 * is then the page again (303), which says it is done, rather than mail software's plain 200.
 */
export const UNSUBSCRIBE_FROM_PAGE = { name: 'depuis', value: 'page' } as const;

/** Where "home" leads each kind of user. */
export const HOME_OF: Record<UserKind, string> = {
  teacher: ROUTES.homeTeacher,
  recruiter: ROUTES.homeCompany,
  admin: ROUTES.admin,
};

/** Where each kind of user logs in: what a password link's page offers once the password is chosen. */
export const LOGIN_OF: Record<UserKind, string> = {
  teacher: ROUTES.loginTeacher,
  recruiter: ROUTES.loginCompany,
  admin: ROUTES.adminLogin,
};

/**
 * The routes one kind of user only may open, by path prefix: the `access` of their pages' `+config.ts`
 * (the guard's rule, pages/+guard.ts), here for checking a `next` before sending someone there.
 * common/routes.test.ts checks that this table says what the pages' configs say.
 */
const ONLY_FOR: readonly (readonly [prefix: string, kind: UserKind])[] = [
  [ROUTES.homeTeacher, 'teacher'],
  [ROUTES.meetingsTeacher, 'teacher'],
  [ROUTES.myFavorites, 'teacher'],
  [ROUTES.myGroups, 'teacher'],
  ['/feedback', 'teacher'],
  [ROUTES.homeCompany, 'recruiter'],
  [ROUTES.meetingsCompany, 'recruiter'],
  [ROUTES.myCompany, 'recruiter'],
  [ROUTES.mySlots, 'recruiter'],
  [ROUTES.admin, 'admin'],
];

/** Pages a logged-in user is sent away from: never where to go after logging in. */
const LOGIN_PAGES: readonly string[] = [
  ROUTES.loginTeacher,
  ROUTES.loginCompany,
  ROUTES.loginCompanySuccess,
  ROUTES.adminLogin,
];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Whether this kind of user may open the page at `pathname` (a path of this site). */
export function mayOpen(kind: UserKind, pathname: string): boolean {
  if (LOGIN_PAGES.includes(pathname)) return false;
  const restricted = ONLY_FOR.find(([prefix]) => under(pathname, prefix));
  return !restricted || restricted[1] === kind;
}

const ORIGIN = 'http://passerelle.invalid';

/**
 * A path of this site, as asked for in a `?next=` (path and query, maybe a hash), or null: it must start
 * with a single `/` (`//host` is another site), hold no backslash (browsers read it as `/`) and no control
 * character (browsers drop tabs and newlines, which could turn `/\t/host` into `//host`). Normalised.
 */
export function sameSitePath(value: string | undefined | null): string | null {
  if (typeof value !== 'string' || !/^\/(?![/\\])/.test(value)) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const url = new URL(value, ORIGIN);
  if (url.origin !== ORIGIN) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Whether `next` is a page of the company side: one only a recruiter may open (the table above), or an
 * invitation's page. The teacher login, where the guard sends every visitor, then points to the company's.
 */
export function isCompanySide(next: string | undefined | null): boolean {
  const path = sameSitePath(next);
  if (!path) return false;
  const { pathname } = new URL(path, ORIGIN);
  return (
    under(pathname, ROUTES.joinTeam) ||
    ONLY_FOR.some(([prefix, kind]) => kind === 'recruiter' && under(pathname, prefix))
  );
}

/** Where a user of this kind goes after logging in: the page they asked for if it is safe and theirs, else home. */
export function nextPathFor(kind: UserKind, next: string | undefined | null): string {
  const path = sameSitePath(next);
  return path && mayOpen(kind, new URL(path, ORIGIN).pathname) ? path : HOME_OF[kind];
}

/** `page` carrying `?next=`, when `next` is a same-site path: how a login page learns where to go after. */
export function withNext(page: string, next: string | null | undefined): string {
  const path = sameSitePath(next);
  return path ? `${page}?next=${encodeURIComponent(path)}` : page;
}
