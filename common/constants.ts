/** Business constants of the spec (section 9) and PRODUCT.md, shared by the server and the islands. */

export const AVAILABLE_SLOTS_WINDOW_DAYS = 15;
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60 * 1000;
export const ADDRESS_DEBOUNCE_MS = 300;
export const MAX_TEACHER_DOCUMENTS = 3;
export const PASSWORD_MIN_LENGTH = 8;
/** The installable app's one colour: the manifest's, the pages' theme-color, the icons' background. */
export const THEME_COLOR = '#2f1b78';
export const SIRET_LENGTH = 14;
export const DEFAULT_SEARCH_RADIUS_KM = 30;
export const SEARCH_PAGE_SIZE = 10;
export const DEFAULT_PARTICIPANTS_PLACEHOLDER = 20;

export const SLOT_DURATIONS_MINUTES = [30, 45, 60, 90] as const;
export type SlotDuration = (typeof SLOT_DURATIONS_MINUTES)[number];

export const MEETING_TYPES = ['CompanyVisit', 'ClassroomIntervention', 'Webinar'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];
export const MEETING_TYPE_LABELS: Record<MeetingType, string> = {
  CompanyVisit: 'Visite',
  ClassroomIntervention: 'Intervention',
  Webinar: 'Webinaire',
};

export const PUBLIC_CATEGORIES = [
  'middleSchool',
  'highSchool',
  'reorientation',
  'jobSeekers',
  'prescribers',
] as const;
export type PublicCategory = (typeof PUBLIC_CATEGORIES)[number];
export const PUBLIC_CATEGORY_LABELS: Record<PublicCategory, string> = {
  middleSchool: 'Collégiens',
  highSchool: 'Lycéens',
  reorientation: 'Jeunes en réorientation',
  jobSeekers: 'Demandeurs d’emploi',
  prescribers: 'Prescripteurs',
};

export const SECTORS = [
  'aerospace',
  'naval',
  'metallurgy',
  'electricalDigital',
  'energyEquipment',
  'rail',
  'automotive',
  'mechanics',
] as const;
export type Sector = (typeof SECTORS)[number];
export const SECTOR_LABELS: Record<Sector, string> = {
  aerospace: 'Aéronautique et spatial',
  naval: 'Naval',
  metallurgy: 'Métallurgie',
  electricalDigital: 'Électrique, électronique, numérique et informatique',
  energyEquipment: 'Équipements pour l’énergie',
  rail: 'Ferroviaire',
  automotive: 'Automobile',
  mechanics: 'Mécanique',
};

export const SLOT_SUBJECTS = ['discoverJobs', 'learnAboutJobs', 'findInternship', 'apprenticeship'] as const;
export type SlotSubject = (typeof SLOT_SUBJECTS)[number];
export const SLOT_SUBJECT_LABELS: Record<SlotSubject, string> = {
  discoverJobs: 'Découvrir les métiers',
  learnAboutJobs: 'S’informer sur les métiers',
  findInternship: 'Trouver un stage',
  apprenticeship: 'Contrat d’apprentissage',
};

export const SLOT_STATES = ['free', 'notComplete', 'reserved'] as const;
export type SlotState = (typeof SLOT_STATES)[number];

/** Stored statuses; `inProgress` and `done` are derived from the clock. */
const STORED_MEETING_STATUSES = ['confirmed', 'reported', 'cancelled'] as const;
export type StoredMeetingStatus = (typeof STORED_MEETING_STATUSES)[number];
export const MEETING_STATUSES = ['confirmed', 'inProgress', 'done', 'reported', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** A transport-help request: waiting for the operators, answered, or closed with its meeting's cancellation. */
export const TRANSPORT_REQUEST_STATUSES = ['pending', 'accepted', 'refused', 'cancelled'] as const;
export type TransportRequestStatus = (typeof TRANSPORT_REQUEST_STATUSES)[number];

export const COMPANY_STATUSES = ['pending', 'validated', 'refused', 'archived'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** A company refused or archived is off the platform: its future bookings, slots and sessions go with it. */
export const leavesPlatform = (status: CompanyStatus): boolean =>
  status === 'refused' || status === 'archived';

export const SCHOOL_LEVELS = ['college', 'lycee'] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];

export const PROFILE_TYPES = ['teacher', 'prescriber', 'employmentPartner'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export const USER_KINDS = ['teacher', 'recruiter', 'admin'] as const;
export type UserKind = (typeof USER_KINDS)[number];

/** A recruiter's place in the company's team (API.md, Teams): admins manage it, members publish like them. */
export const TEAM_ROLES = ['admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { admin: 'Administrateur', member: 'Membre' };

/** Tailwind's default breakpoints, which are the spec's. */
export const BREAKPOINTS = { xs: 480, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

export const PALETTE = {
  success: '#0FD195',
  warning: '#FF9D00',
  error: '#FF5500',
} as const;

export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_SWIPE_CLOSE_PX = 200;
export const TOAST_SPACING_PX = 12;
export const LISTBOX_TYPEAHEAD_RESET_MS = 350;
export const INPUT_HEIGHT_PX = 56;
export const MENU_BAR_HEIGHT_PX = 72;
export const NUMBER_INPUT_DEFAULTS = { min: 1, max: 15 } as const;
export const TIME_INPUT_DEFAULTS = { min: '01:00', max: '23:00', stepSeconds: 1800 } as const;

/** Who an FAQ entry is written for (API.md, FaqAudience): visitors' entries are read by everyone. */
export const FAQ_AUDIENCES = ['visitor', 'teacher', 'company'] as const;
export type FaqAudience = (typeof FAQ_AUDIENCES)[number];
export const FAQ_AUDIENCE_LABELS: Record<FaqAudience, string> = {
  visitor: 'Visiteurs',
  teacher: 'Enseignants',
  company: 'Entreprises',
};
