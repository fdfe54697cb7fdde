/**
 * The whole product's data model. Instants are UTC milliseconds (`timestamp_ms`); a slot also carries
 * the IANA zone of its company's department, so wall-clock times are computed where they are shown.
 * Lists that are only ever read whole (sectors of a teacher, categories of a slot) are JSON arrays.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type {
  CompanyStatus,
  MeetingType,
  ProfileType,
  PublicCategory,
  SchoolLevel,
  Sector,
  SlotSubject,
  StoredMeetingStatus,
  UserKind,
} from '../common/constants.ts';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

/** An address as the geocoder returns it, on the tables whose rows are places. */
const address = () => ({
  label: text('label'),
  zipcode: text('zipcode'),
  city: text('city'),
  departmentCode: text('department_code'),
  lat: real('lat'),
  lng: real('lng'),
});

export const departments = sqliteTable('departments', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  regionCode: text('region_code').notNull(),
  timeZone: text('time_zone').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull().default(false),
  /** The territorial chamber (CST) that runs the platform in this department. */
  chamber: text('chamber'),
});

export const establishments = sqliteTable(
  'establishments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    ...address(),
    createdAt: createdAt(),
  },
  (t) => [index('establishments_department_idx').on(t.departmentCode)],
);

export const companies = sqliteTable(
  'companies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    siret: text('siret').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<CompanyStatus>().notNull().default('pending'),
    statusReason: text('status_reason'),
    nafCode: text('naf_code').notNull(),
    sector: text('sector').$type<Sector>().notNull(),
    phone: text('phone'),
    website: text('website'),
    employeesCount: integer('employees_count'),
    creationDate: text('creation_date'),
    acceptsInterns: integer('accepts_interns', { mode: 'boolean' }).notNull().default(false),
    description: text('description'),
    pictureDocumentId: integer('picture_document_id'),
    ...address(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** "Contact me when I have no slot". */
    contactOptIn: integer('contact_opt_in', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    validatedAt: integer('validated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('companies_siret_idx').on(t.siret),
    index('companies_status_lat_lng_idx').on(t.status, t.lat, t.lng),
    index('companies_status_sector_idx').on(t.status, t.sector),
    index('companies_department_idx').on(t.departmentCode),
  ],
);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').$type<UserKind>().notNull(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    /** scrypt; null for recruiters whose password lives on an outside recruitment site. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    departmentCode: text('department_code'),
    // teacher
    profileType: text('profile_type').$type<ProfileType>(),
    schoolLevels: text('school_levels', { mode: 'json' }).$type<SchoolLevel[]>(),
    establishmentId: integer('establishment_id').references(() => establishments.id),
    description: text('description'),
    sectors: text('sectors', { mode: 'json' }).$type<Sector[]>(),
    jobs: text('jobs', { mode: 'json' }).$type<string[]>(),
    useEstablishmentAddress: integer('use_establishment_address', { mode: 'boolean' })
      .notNull()
      .default(true),
    /** The teacher's own reference address, used when `useEstablishmentAddress` is off. */
    referenceLabel: text('reference_label'),
    referenceZipcode: text('reference_zipcode'),
    referenceCity: text('reference_city'),
    referenceLat: real('reference_lat'),
    referenceLng: real('reference_lng'),
    weeklyMail: integer('weekly_mail', { mode: 'boolean' }).notNull().default(false),
    avatarDocumentId: integer('avatar_document_id'),
    // recruiter
    companyId: integer('company_id').references(() => companies.id),
    jobTitle: text('job_title'),
    /** SHA-256 of the private calendar feed's secret; null when revoked or never asked for. */
    calendarTokenHash: text('calendar_token_hash'),
    deletionRequestedAt: integer('deletion_requested_at', { mode: 'timestamp_ms' }),
    anonymizedAt: integer('anonymized_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_company_idx').on(t.companyId),
    index('users_weekly_mail_idx').on(t.weeklyMail),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 (hex) of the token the client holds; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens of the built-in recruitment-site adapter (rotating, stored hashed). */
export const recruitmentTokens = sqliteTable(
  'recruitment_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recruitment_tokens_hash_idx').on(t.refreshTokenHash)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** The reference list of jobs (métiers) that companies offer and teachers follow. */
export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    label: text('label').notNull(),
    sector: text('sector').$type<Sector>(),
  },
  (t) => [uniqueIndex('jobs_label_idx').on(t.label)],
);

export const companyJobs = sqliteTable(
  'company_jobs',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.jobId] }), index('company_jobs_job_idx').on(t.jobId)],
);

/** Offers read from the recruitment site, kept so the company page still shows them when it is down. */
export const jobOffers = sqliteTable(
  'job_offers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    contractType: text('contract_type'),
    location: text('location'),
    url: text('url'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    fetchedAt: integer('fetched_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('job_offers_company_external_idx').on(t.companyId, t.externalId)],
);

/** Platform articles (`/article/{id}`, company id null) and company news. */
export const articles = sqliteTable(
  'articles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    summary: text('summary'),
    body: text('body').notNull(),
    imageDocumentId: integer('image_document_id'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('articles_company_published_idx').on(t.companyId, t.publishedAt)],
);

export const slots = sqliteTable(
  'slots',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    timeZone: text('time_zone').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    meetingType: text('meeting_type').$type<MeetingType>().notNull(),
    publicCategories: text('public_categories', { mode: 'json' }).$type<PublicCategory[]>().notNull(),
    subjects: text('subjects', { mode: 'json' }).$type<SlotSubject[]>().notNull(),
    maxParticipants: integer('max_participants').notNull(),
    /** Kept by the booking's conditional write: never above `maxParticipants`. */
    seatsTaken: integer('seats_taken').notNull().default(0),
    speakerName: text('speaker_name').notNull(),
    speakerFirstname: text('speaker_firstname').notNull(),
    speakerEmail: text('speaker_email').notNull(),
    speakerPhone: text('speaker_phone').notNull(),
    speakerRole: text('speaker_role').notNull(),
    description: text('description'),
    /** External video link of a webinar; null means the built-in video room. */
    videoLink: text('video_link'),
    /** Where a company visit happens when it is not the company's address. */
    placeLabel: text('place_label'),
    placeLat: real('place_lat'),
    placeLng: real('place_lng'),
    /** Slots duplicated in one step share the id of the slot they were copied from. */
    seriesId: integer('series_id'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
    /**
     * Set when its company deletes a slot that had bookings: the row stays, closed (no seat), so that the
     * teachers keep the cancelled meeting in their history. A slot never booked is deleted outright.
     */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('slots_company_starts_idx').on(t.companyId, t.startsAt),
    // Covers the "available in the next N days" count: the range on starts_at, read from the index alone.
    index('slots_open_starts_idx')
      .on(t.startsAt, t.seatsTaken, t.maxParticipants, t.companyId)
      .where(sql`${t.seatsTaken} < ${t.maxParticipants}`),
    index('slots_created_idx').on(t.createdAt),
  ],
);

/**
 * Slots with seats left, per UTC hour of their start. Kept by triggers on `slots` (migration
 * 0001_slot_open_hours), so counting the available slots of the next days reads a few hundred rows
 * instead of every slot.
 */
export const slotOpenHours = sqliteTable('slot_open_hours', {
  /** floor(starts_at / 3 600 000). */
  hour: integer('hour').primaryKey(),
  openSlots: integer('open_slots').notNull(),
});

export const meetings = sqliteTable(
  'meetings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    establishmentId: integer('establishment_id').references(() => establishments.id),
    status: text('status').$type<StoredMeetingStatus>().notNull().default('confirmed'),
    participantsCount: integer('participants_count').notNull(),
    publicCategory: text('public_category').$type<PublicCategory>().notNull(),
    message: text('message'),
    accompanyingAdultName: text('accompanying_adult_name'),
    accompanyingAdultPhone: text('accompanying_adult_phone'),
    charterAcceptedAt: integer('charter_accepted_at', { mode: 'timestamp_ms' }).notNull(),
    cancelReason: text('cancel_reason'),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('meetings_slot_idx').on(t.slotId),
    index('meetings_teacher_idx').on(t.teacherId, t.status),
    // One teacher holds at most one live booking on a slot.
    uniqueIndex('meetings_slot_teacher_live_idx')
      .on(t.slotId, t.teacherId)
      .where(sql`${t.status} <> 'cancelled'`),
  ],
);

export const favorites = sqliteTable(
  'favorites',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teacherId, t.companyId] }),
    index('favorites_company_idx').on(t.companyId),
  ],
);

export const feedback = sqliteTable(
  'feedback',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    organisation: integer('organisation').notNull(),
    matching: integer('matching').notNull(),
    engagement: integer('engagement').notNull(),
    liked: text('liked'),
    suggestions: text('suggestions'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('feedback_meeting_idx').on(t.meetingId)],
);

export const transportRequests = sqliteTable(
  'transport_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    groupSize: integer('group_size').notNull(),
    departureLabel: text('departure_label').notNull(),
    departureLat: real('departure_lat'),
    departureLng: real('departure_lng'),
    comment: text('comment'),
    status: text('status').$type<'pending' | 'accepted' | 'refused'>().notNull().default('pending'),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: integer('answered_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('transport_requests_meeting_idx').on(t.meetingId),
    index('transport_requests_status_idx').on(t.status),
  ],
);

/** Messages to the operators (contact form) and to companies (contact button). */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    fromUserId: integer('from_user_id').references(() => users.id),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_company_idx').on(t.companyId)],
);

export const faqEntries = sqliteTable(
  'faq_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    audience: text('audience').$type<'all' | 'teacher' | 'company'>().notNull().default('all'),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('faq_entries_audience_idx').on(t.audience, t.position)],
);

/** Uploaded files: teacher documents, company pictures and visit documents, slot documents. */
export const documents = sqliteTable(
  'documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerKind: text('owner_kind').$type<'user' | 'company' | 'slot' | 'article'>().notNull(),
    ownerId: integer('owner_id').notNull(),
    purpose: text('purpose').$type<'document' | 'picture' | 'visitDocument'>().notNull(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('documents_owner_idx').on(t.ownerKind, t.ownerId)],
);

/** Notifications written in the same transaction as the change they report, delivered with retries. */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    topic: text('topic').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due_idx').on(t.topic, t.status, t.nextAttemptAt)],
);
