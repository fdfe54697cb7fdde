import type { ComponentType } from 'react';

/**
 * Every component that hydrates in the browser, by the name its server-rendered marker carries.
 * Loaded on demand, so a page downloads only the islands it shows.
 */
// biome-ignore lint/suspicious/noExplicitAny: each island declares its own props.
type Loader = () => Promise<ComponentType<any>>;

export const ISLANDS = {
  AddressField: () => import('./AddressField.tsx').then((m) => m.AddressField),
  AutoContinue: () => import('./AutoContinue.tsx').then((m) => m.AutoContinue),
  RecruiterTokens: () => import('./accounts/RecruiterTokens.tsx').then((m) => m.RecruiterTokens),
  SessionKeeper: () => import('./SessionKeeper.tsx').then((m) => m.SessionKeeper),
  CompanyProfile: () => import('./companies/CompanyProfile.tsx').then((m) => m.CompanyProfile),
  VisitDocuments: () => import('./companies/VisitDocuments.tsx').then((m) => m.VisitDocuments),
  CompanyPicture: () => import('./companies/CompanyPicture.tsx').then((m) => m.CompanyPicture),
  CompanyNews: () => import('./companies/CompanyNews.tsx').then((m) => m.CompanyNews),
  SnippetField: () => import('./companies/SnippetField.tsx').then((m) => m.SnippetField),
  RecruiterProfile: () => import('./accounts/profile/RecruiterProfile.tsx').then((m) => m.RecruiterProfile),
  DeleteAccount: () => import('./accounts/profile/DeleteAccount.tsx').then((m) => m.DeleteAccount),
  DepartmentToggles: () => import('./admin/DepartmentToggles.tsx').then((m) => m.DepartmentToggles),
  PendingCompanies: () => import('./admin/PendingCompanies.tsx').then((m) => m.PendingCompanies),
  OperatorsManager: () => import('./admin/OperatorsManager.tsx').then((m) => m.OperatorsManager),
  PersonActions: () => import('./admin/PersonActions.tsx').then((m) => m.PersonActions),
  CompanyDecisions: () => import('./admin/CompanyDecisions.tsx').then((m) => m.CompanyDecisions),
  FaqEditor: () => import('./admin/FaqEditor.tsx').then((m) => m.FaqEditor),
  ArticleEditor: () => import('./admin/ArticleEditor.tsx').then((m) => m.ArticleEditor),
  ContactMessageActions: () =>
    import('./contact/ContactMessageActions.tsx').then((m) => m.ContactMessageActions),
  ConnectionTest: () => import('./connection-test/ConnectionTest.tsx').then((m) => m.ConnectionTest),
  ContactForm: () => import('./contact/ContactForm.tsx').then((m) => m.ContactForm),
  FeedbackForm: () => import('./feedback/FeedbackForm.tsx').then((m) => m.FeedbackForm),
  LogoutButton: () => import('./accounts/LogoutButton.tsx').then((m) => m.LogoutButton),
  EmailChangeConfirmation: () =>
    import('./accounts/EmailChangeConfirmation.tsx').then((m) => m.EmailChangeConfirmation),
  OwnPassword: () => import('./accounts/profile/PasswordBlock.tsx').then((m) => m.OwnPassword),
  TeacherProfile: () => import('./accounts/profile/TeacherProfile.tsx').then((m) => m.TeacherProfile),
  CalendarFeed: () => import('./meetings/CalendarFeed.tsx').then((m) => m.CalendarFeed),
  MeetingLinkAction: () => import('./meetings/MeetingLinkAction.tsx').then((m) => m.MeetingLinkAction),
  CancelMeeting: () => import('./meetings/CancelMeeting.tsx').then((m) => m.CancelMeeting),
  ChangeBooking: () => import('./meetings/ChangeBooking.tsx').then((m) => m.ChangeBooking),
  MeetingDocumentLinks: () =>
    import('./meetings/MeetingDocumentLinks.tsx').then((m) => m.MeetingDocumentLinks),
  MarkAbsent: () => import('./meetings/MarkAbsent.tsx').then((m) => m.MarkAbsent),
  OfflineTickets: () => import('./meetings/OfflineTickets.tsx').then((m) => m.OfflineTickets),
  SlotCard: () => import('./meetings/SlotCard.tsx').then((m) => m.SlotCard),
  WaitlistSection: () => import('./meetings/Waitlist.tsx').then((m) => m.WaitlistSection),
  SlotForm: () => import('./slots/SlotForm.tsx').then((m) => m.SlotForm),
  SlotActions: () => import('./slots/SlotActions.tsx').then((m) => m.SlotActions),
  ContactCompany: () => import('./discovery/ContactCompany.tsx').then((m) => m.ContactCompany),
  FavoriteButton: () => import('./discovery/FavoriteButton.tsx').then((m) => m.FavoriteButton),
  FavoriteList: () => import('./discovery/FavoriteList.tsx').then((m) => m.FavoriteList),
  PrintButton: () => import('./ui/PrintButton.tsx').then((m) => m.PrintButton),
  Toaster: () => import('./ui/Toast.tsx').then((m) => m.Toaster),
  ConfirmSubmit: () => import('./ui/ConfirmSubmit.tsx').then((m) => m.ConfirmSubmit),
  CompanySearch: () => import('./search/CompanySearch.tsx').then((m) => m.CompanySearch),
  TransportHelp: () => import('./transport/TransportHelp.tsx').then((m) => m.TransportHelp),
  TransportRequests: () => import('./transport/TransportRequests.tsx').then((m) => m.TransportRequests),
  VideoRoom: () => import('./video/VideoRoom.tsx').then((m) => m.VideoRoom),
  RoomOpening: () => import('./video/RoomOpening.tsx').then((m) => m.RoomOpening),
} satisfies Record<string, Loader>;

export type IslandName = keyof typeof ISLANDS;
