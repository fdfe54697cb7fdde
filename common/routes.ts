import type { UserKind } from './constants.ts';

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
  mySlots: '/my-slots',
  newSlot: '/my-slots/new-slot',
  editSlot: '/my-slots/edit-slot',
  contactUs: '/contact-us',
  myProfile: '/my-profile',
  meetingVideoConference: (id: string | number) => `/meeting-videoconference/${id}`,
  myFavorites: '/my-favorites',
  article: (id: string | number) => `/article/${id}`,
  cgu: '/cgu',
  admin: '/admin',
  adminLogin: '/admin/login',
} as const;

/** Where "home" leads each kind of user. */
export const HOME_OF: Record<UserKind, string> = {
  teacher: ROUTES.homeTeacher,
  recruiter: ROUTES.homeCompany,
  admin: ROUTES.admin,
};
