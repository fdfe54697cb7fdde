/** The plan of the demo: every row to write, the rows they reference given as indexes into the plan. */
import type {
  articles,
  companies,
  contactMessages,
  establishments,
  faqEntries,
  feedback,
  meetings,
  slots,
  transportRequests,
  users,
  waitlistEntries,
} from '../../schema.ts';
import type { DemoCompany } from '../lists/companies.ts';
import type { DemoDepartment } from '../lists/places.ts';
import type { Person } from '../people.ts';

type CompanyRow = typeof companies.$inferInsert;
type UserRow = typeof users.$inferInsert;
type SlotRow = Omit<typeof slots.$inferInsert, 'companyId'>;
type MeetingRow = Omit<
  typeof meetings.$inferInsert,
  'slotId' | 'teacherId' | 'establishmentId' | 'cancelledBy'
>;

export interface Speaker {
  person: Person;
  email: string;
  phone: string;
  role: string;
}

export interface PlannedCompany {
  spec: DemoCompany;
  row: CompanyRow;
  recruiter: UserRow;
  jobLabels: string[];
  speakers: Speaker[];
  department: DemoDepartment;
  timeZone: string;
}

export interface PlannedTeacher {
  row: UserRow;
  establishment: number;
}

export interface PlannedSlot {
  company: number;
  row: SlotRow;
  past: boolean;
}

export interface PlannedMeeting {
  slot: number;
  teacher: number;
  row: MeetingRow;
  /** Cancelled by the company rather than the teacher. */
  cancelledByCompany: boolean;
}

export interface Plan {
  companies: PlannedCompany[];
  pending: PlannedCompany;
  establishments: (typeof establishments.$inferInsert)[];
  teachers: PlannedTeacher[];
  slots: PlannedSlot[];
  meetings: PlannedMeeting[];
  /** Teachers in line for a full slot (docs/decisions/0041), in the order they joined. */
  waitlist: {
    slot: number;
    teacher: number;
    row: Pick<typeof waitlistEntries.$inferInsert, 'groupSize' | 'publicCategory' | 'createdAt'>;
  }[];
  feedback: { meeting: number; row: Omit<typeof feedback.$inferInsert, 'meetingId'> }[];
  favorites: { teacher: number; company: number; createdAt: Date }[];
  transport: { meeting: number; row: Omit<typeof transportRequests.$inferInsert, 'meetingId'> }[];
  contacts: {
    teacher: number | null;
    company: number | null;
    row: Omit<typeof contactMessages.$inferInsert, 'fromUserId' | 'companyId'>;
  }[];
  faq: (typeof faqEntries.$inferInsert)[];
  articles: { company: number | null; row: Omit<typeof articles.$inferInsert, 'companyId'> }[];
}
