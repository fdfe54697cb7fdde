/**
 * The demo data set: five active departments (one overseas), 65 validated companies with their recruiters,
 * teachers and their establishments, slots over the past 45 and the next 60 days, bookings, feedback and
 * content. Everything is drawn from a fixed seed; only the dates follow `now`.
 */
import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import { schoolYearDays, schoolYearOf } from '../../common/classes.ts';
import {
  type FaqAudience,
  type MeetingType,
  type ProfileType,
  type PublicCategory,
  type SchoolLevel,
  type Sector,
  SLOT_SUBJECTS,
  type SlotDuration,
  type StoredMeetingStatus,
} from '../../common/constants.ts';
import { addDays, dayOfWeek, utcToZonedWallClock, zonedWallClockToUtc } from '../../common/time.ts';
import type { Db, DbOrTx } from '../client.ts';
import { ensureDepartments, findDepartment } from '../reference/departments.ts';
import {
  articles,
  classGroups,
  companies,
  companyJobs,
  contactMessages,
  departments,
  establishments,
  faqEntries,
  favorites,
  feedback,
  jobs,
  meetings,
  slots,
  transportRequests,
  users,
  waitlistEntries,
} from '../schema.ts';
import {
  COMPANY_CLOSINGS,
  DEMO_COMPANIES,
  DEMO_DEPARTMENTS,
  DEMO_ESTABLISHMENTS,
  type DemoCompany,
  type DemoDepartment,
  INDUSTRIAL_ZONES,
  JOBS,
  NAF_CODES,
  PENDING_COMPANY,
  RECRUITER_TITLES,
  SECTOR_ACTIVITIES,
  SPEAKER_ROLES,
  STREETS,
} from './data.ts';
import { landline, mobile, type Person, personEmail, randomPerson, slugify } from './people.ts';
import { createRng, type Rng } from './prng.ts';
import { makeSiret } from './siret.ts';

export const DEMO_TEACHER_EMAIL = 'enseignant@demo.passerelle-industrie.fr';
/** A regional operator (the Rhône's chamber, region Auvergne-Rhône-Alpes): the back-office of one region. */
export const DEMO_OPERATOR_EMAIL = 'operateur.aura@demo.passerelle-industrie.fr';
export const DEMO_OPERATOR_REGION = '06';
export const DEMO_RECRUITER_EMAIL = 'entreprise@demo.passerelle-industrie.fr';
export const DEMO_PENDING_RECRUITER_EMAIL = `contact@${slugify(PENDING_COMPANY.name)}.fr`;
const TEACHER_DOMAIN = 'demo.passerelle-industrie.fr';

export const DEMO_FUTURE_DAYS = 60;
export const DEMO_PAST_DAYS = 45;

export interface DemoCounts {
  departmentsActivated: number;
  jobs: number;
  companies: number;
  pendingCompanies: number;
  recruiters: number;
  establishments: number;
  teachers: number;
  slots: number;
  futureSlots: number;
  pastSlots: number;
  meetings: number;
  futureMeetings: number;
  pastMeetings: number;
  feedback: number;
  favorites: number;
  transportRequests: number;
  contactMessages: number;
  faqEntries: number;
  articles: number;
}

export interface DemoAccounts {
  teacher: { email: string };
  recruiter: { email: string };
  pendingRecruiter: { email: string };
  counts: DemoCounts;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type CompanyRow = typeof companies.$inferInsert;
type UserRow = typeof users.$inferInsert;
type SlotRow = Omit<typeof slots.$inferInsert, 'companyId'>;
type MeetingRow = Omit<
  typeof meetings.$inferInsert,
  'slotId' | 'teacherId' | 'establishmentId' | 'cancelledBy'
>;

interface Speaker {
  person: Person;
  email: string;
  phone: string;
  role: string;
}

interface PlannedCompany {
  spec: DemoCompany;
  row: CompanyRow;
  recruiter: UserRow;
  jobLabels: string[];
  speakers: Speaker[];
  department: DemoDepartment;
  timeZone: string;
}

interface PlannedTeacher {
  row: UserRow;
  establishment: number;
}

interface PlannedSlot {
  company: number;
  row: SlotRow;
  past: boolean;
}

interface PlannedMeeting {
  slot: number;
  teacher: number;
  row: MeetingRow;
  /** Cancelled by the company rather than the teacher. */
  cancelledByCompany: boolean;
}

interface Plan {
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

export const DEMO_TEAM_MEMBER_EMAIL = 'equipe@demo.passerelle-industrie.fr';

/** The demo company's second recruiter, a member who logged in two days ago: its team page is not empty. */
async function seedDemoTeamMember(tx: DbOrTx, options: { now: Date; passwordHash: string }): Promise<void> {
  const [admin] = await tx.select().from(users).where(eq(users.email, DEMO_RECRUITER_EMAIL)).limit(1);
  if (!admin?.companyId) return;
  await tx.insert(users).values({
    kind: 'recruiter',
    email: DEMO_TEAM_MEMBER_EMAIL,
    passwordHash: options.passwordHash,
    firstName: 'Thomas',
    lastName: 'Lefèvre',
    phone: null,
    departmentCode: admin.departmentCode,
    companyId: admin.companyId,
    jobTitle: 'Responsable de production',
    teamRole: 'member',
    lastLoginAt: new Date(options.now.getTime() - 2 * 86_400_000),
    createdAt: options.now,
  });
}

/** Fills an empty database with the demo data, in one transaction. The caller checks that it is empty. */
export async function seedDemo(db: Db, options: { now: Date; passwordHash: string }): Promise<DemoAccounts> {
  const plan = planDemo(options.now, options.passwordHash);
  await db.transaction(async (tx) => {
    await writePlan(tx, plan);
    await seedDemoTeamMember(tx, options);
    await seedDemoGroups(tx, options.now);
    await tx.insert(users).values({
      kind: 'admin',
      email: DEMO_OPERATOR_EMAIL,
      passwordHash: options.passwordHash,
      firstName: 'Claire',
      lastName: 'Vidal',
      operatorRegion: DEMO_OPERATOR_REGION,
      createdAt: options.now,
    });
  });
  const now = options.now.getTime();
  const futureSlots = plan.slots.filter((s) => !s.past).length;
  return {
    teacher: { email: DEMO_TEACHER_EMAIL },
    recruiter: { email: DEMO_RECRUITER_EMAIL },
    pendingRecruiter: { email: plan.pending.recruiter.email },
    counts: {
      departmentsActivated: DEMO_DEPARTMENTS.length,
      jobs: JOBS.length,
      companies: plan.companies.length,
      pendingCompanies: 1,
      // The demo company's team has a second member (issue 21).
      recruiters: plan.companies.length + 2,
      establishments: plan.establishments.length,
      teachers: plan.teachers.length,
      slots: plan.slots.length,
      futureSlots,
      pastSlots: plan.slots.length - futureSlots,
      meetings: plan.meetings.length,
      futureMeetings: plan.meetings.filter((m) => timeOf(plan.slots[m.slot]?.row.startsAt) > now).length,
      pastMeetings: plan.meetings.filter((m) => timeOf(plan.slots[m.slot]?.row.startsAt) <= now).length,
      feedback: plan.feedback.length,
      favorites: plan.favorites.length,
      transportRequests: plan.transport.length,
      contactMessages: plan.contacts.length,
      faqEntries: plan.faq.length,
      articles: plan.articles.length,
    },
  };
}

function timeOf(date: Date | undefined): number {
  return date ? date.getTime() : Number.NaN;
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`No item at index ${index}`);
  return item;
}

function demoDepartment(code: string): DemoDepartment {
  const department = DEMO_DEPARTMENTS.find((d) => d.code === code);
  if (!department) throw new Error(`Department ${code} is not a demo department`);
  return department;
}

function communeOf(department: DemoDepartment, name: string) {
  const commune = department.communes.find((c) => c.name === name);
  if (!commune) throw new Error(`Commune ${name} is not listed for ${department.code}`);
  return commune;
}

function timeZoneOf(code: string): string {
  const reference = findDepartment(code);
  if (!reference) throw new Error(`Unknown department ${code}`);
  return reference.timeZone;
}

/** A small offset (≤ 0.01°) around a commune centre, so that companies of one commune do not overlap. */
function jitter(rng: Rng, value: number): number {
  return Math.round((value + rng.float(-0.01, 0.01)) * 1e6) / 1e6;
}

function streetAddress(rng: Rng): string {
  if (rng.chance(0.2)) return `${rng.pick(INDUSTRIAL_ZONES)}, ${rng.int(1, 40)} ${rng.pick(STREETS)}`;
  return `${rng.int(1, 120)} ${rng.pick(STREETS)}`;
}

/** "de soudeur / soudeuse", "d'usineur / usineuse…" */
function ofJob(label: string): string {
  const lower = label.charAt(0).toLowerCase() + label.slice(1);
  return /^[aeiouyéèêàâîïôûh]/i.test(lower) ? `d'${lower}` : `de ${lower}`;
}

function personName(person: Person): string {
  return `${person.firstName} ${person.lastName}`;
}

function planDemo(now: Date, passwordHash: string): Plan {
  const root = createRng('passerelle-industrie/demo/v1');
  const nowMs = now.getTime();
  const sirens = new Set<string>();
  const jobsBySector = new Map<Sector, string[]>();
  for (const [label, sector] of JOBS) jobsBySector.set(sector, [...(jobsBySector.get(sector) ?? []), label]);

  const planCompany = (spec: DemoCompany, index: number, pending: boolean): PlannedCompany => {
    const rng = root.fork(`company/${spec.name}`);
    const department = demoDepartment(spec.department);
    const commune = communeOf(department, spec.commune);
    const slug = slugify(spec.name);
    let sirenStem = '';
    do sirenStem = String(rng.int(3, 8)) + String(rng.int(0, 9_999_999)).padStart(7, '0');
    while (sirens.has(sirenStem));
    sirens.add(sirenStem);
    const employees = rng.weighted([
      [rng.int(12, 49), 3],
      [rng.int(50, 249), 4],
      [rng.int(250, 999), 2],
      [rng.int(1000, 2400), 1],
    ] as const);
    const creationYear = rng.int(1898, 2019);
    const validatedAt = new Date(nowMs - rng.int(90, 700) * DAY_MS - rng.int(8, 18) * HOUR_MS);
    const createdAt = new Date(validatedAt.getTime() - rng.int(1, 10) * DAY_MS - rng.int(0, 8) * HOUR_MS);
    const recruiterPerson = randomPerson(rng);
    const overseas = department.code.length === 3;
    const recruiterEmail = index === 0 && !pending ? DEMO_RECRUITER_EMAIL : `contact@${slug}.fr`;
    const recruiterPhone = mobile(rng, overseas);
    const description = [
      `${spec.name} ${rng.pick(SECTOR_ACTIVITIES[spec.sector])} depuis ${creationYear}.`,
      `Implantée à ${commune.name}, l'entreprise compte ${employees} salariés et travaille pour des clients en France et à l'international.`,
      rng.pick(COMPANY_CLOSINGS),
    ].join(' ');
    const sectorJobs = jobsBySector.get(spec.sector) ?? [];
    const speakers: Speaker[] = [
      { person: recruiterPerson, email: recruiterEmail, phone: recruiterPhone, role: 'Responsable RH' },
    ];
    const otherSpeakers = rng.int(1, 2);
    for (let i = 0; i < otherSpeakers; i++) {
      const person = randomPerson(rng);
      speakers.push({
        person,
        email: personEmail(person, `${slug}.fr`),
        phone: mobile(rng, overseas),
        role: rng.pick(SPEAKER_ROLES),
      });
    }
    return {
      spec,
      department,
      timeZone: timeZoneOf(department.code),
      jobLabels: rng.sample(sectorJobs, rng.int(2, Math.min(5, sectorJobs.length))),
      speakers,
      row: {
        siret: makeSiret(sirenStem, String(rng.int(1, 9)).padStart(3, '0') + String(rng.int(0, 9))),
        name: spec.name,
        status: pending ? 'pending' : 'validated',
        nafCode: rng.pick(NAF_CODES[spec.sector]),
        sector: spec.sector,
        phone: landline(rng, department.phonePrefix),
        website: `https://www.${slug}.fr`,
        employeesCount: employees,
        creationDate: `${creationYear}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
        acceptsInterns: rng.chance(0.7),
        description,
        label: `${streetAddress(rng)}, ${commune.postcode} ${commune.name}`,
        zipcode: commune.postcode,
        city: commune.name,
        departmentCode: department.code,
        lat: jitter(rng, commune.lat),
        lng: jitter(rng, commune.lng),
        contactName: personName(recruiterPerson),
        contactEmail: recruiterEmail,
        contactPhone: recruiterPhone,
        contactOptIn: spec.contactOptIn ?? rng.chance(0.25),
        createdAt: pending ? new Date(nowMs - 2 * DAY_MS - 3 * HOUR_MS) : createdAt,
        validatedAt: pending ? null : validatedAt,
      },
      recruiter: {
        kind: 'recruiter',
        email: pending ? `contact@${slug}.fr` : recruiterEmail,
        passwordHash,
        firstName: recruiterPerson.firstName,
        lastName: recruiterPerson.lastName,
        phone: recruiterPhone,
        departmentCode: department.code,
        jobTitle: rng.pick(RECRUITER_TITLES),
        teamRole: 'admin' as const,
        createdAt: pending ? new Date(nowMs - 2 * DAY_MS - 3 * HOUR_MS) : createdAt,
      },
    };
  };

  const plannedCompanies = DEMO_COMPANIES.map((spec, index) => planCompany(spec, index, false));
  const pending = planCompany(PENDING_COMPANY, 0, true);

  const establishmentRows = DEMO_ESTABLISHMENTS.map((e) => {
    const rng = root.fork(`establishment/${e.name}`);
    const commune = communeOf(demoDepartment(e.department), e.commune);
    return {
      name: e.name,
      type: e.type,
      label: `${e.street}, ${commune.postcode} ${commune.name}`,
      zipcode: commune.postcode,
      city: commune.name,
      departmentCode: e.department,
      lat: jitter(rng, commune.lat),
      lng: jitter(rng, commune.lng),
      createdAt: new Date(nowMs - rng.int(60, 400) * DAY_MS),
    };
  });

  const teachers = planTeachers(root.fork('teachers'), nowMs, passwordHash, establishmentRows);
  const slotPlan = planSlots(root.fork('slots'), now, plannedCompanies);
  const bookings = planBookings(root.fork('bookings'), now, plannedCompanies, teachers, slotPlan);
  const content = planContent(
    root.fork('content'),
    nowMs,
    plannedCompanies,
    bookings.meetings,
    slotPlan,
    teachers,
    establishmentRows,
  );

  return {
    companies: plannedCompanies,
    pending,
    establishments: establishmentRows,
    teachers,
    slots: slotPlan,
    ...bookings,
    ...content,
  };
}

interface TeacherSpec {
  firstName: string;
  lastName: string;
  establishment: number;
  profileType: ProfileType;
  sectors: Sector[];
  weeklyMail: boolean;
}

const TEACHERS: readonly TeacherSpec[] = [
  {
    firstName: 'Camille',
    lastName: 'Martin',
    establishment: 0,
    profileType: 'teacher',
    sectors: ['metallurgy', 'mechanics', 'automotive'],
    weeklyMail: true,
  },
  {
    firstName: 'Julien',
    lastName: 'Bernard',
    establishment: 1,
    profileType: 'teacher',
    sectors: ['electricalDigital', 'rail'],
    weeklyMail: true,
  },
  {
    firstName: 'Sophie',
    lastName: 'Laurent',
    establishment: 2,
    profileType: 'prescriber',
    sectors: ['metallurgy', 'energyEquipment'],
    weeklyMail: false,
  },
  {
    firstName: 'Karim',
    lastName: 'Benali',
    establishment: 3,
    profileType: 'teacher',
    sectors: ['aerospace', 'electricalDigital'],
    weeklyMail: false,
  },
  {
    firstName: 'Élodie',
    lastName: 'Girard',
    establishment: 4,
    profileType: 'teacher',
    sectors: ['energyEquipment', 'mechanics'],
    weeklyMail: true,
  },
  {
    firstName: 'Thomas',
    lastName: 'Roux',
    establishment: 5,
    profileType: 'teacher',
    sectors: ['mechanics', 'metallurgy'],
    weeklyMail: false,
  },
  {
    firstName: 'Nadia',
    lastName: 'Haddad',
    establishment: 6,
    profileType: 'employmentPartner',
    sectors: ['electricalDigital', 'automotive', 'rail'],
    weeklyMail: true,
  },
  {
    firstName: 'Mathieu',
    lastName: 'Fournier',
    establishment: 7,
    profileType: 'teacher',
    sectors: ['aerospace'],
    weeklyMail: true,
  },
  {
    firstName: 'Léa',
    lastName: 'Mercier',
    establishment: 8,
    profileType: 'teacher',
    sectors: ['aerospace', 'mechanics'],
    weeklyMail: false,
  },
  {
    firstName: 'Yannick',
    lastName: 'Faure',
    establishment: 9,
    profileType: 'prescriber',
    sectors: ['automotive', 'metallurgy'],
    weeklyMail: false,
  },
  {
    firstName: 'Aurélie',
    lastName: 'Lemoine',
    establishment: 10,
    profileType: 'teacher',
    sectors: ['naval', 'rail'],
    weeklyMail: true,
  },
  {
    firstName: 'Nicolas',
    lastName: 'Guérin',
    establishment: 11,
    profileType: 'teacher',
    sectors: ['naval', 'metallurgy'],
    weeklyMail: false,
  },
  {
    firstName: 'Sandrine',
    lastName: 'Le Goff',
    establishment: 12,
    profileType: 'employmentPartner',
    sectors: ['naval', 'energyEquipment'],
    weeklyMail: false,
  },
  {
    firstName: 'Jean-Philippe',
    lastName: 'Payet',
    establishment: 13,
    profileType: 'teacher',
    sectors: ['mechanics', 'electricalDigital'],
    weeklyMail: true,
  },
  {
    firstName: 'Marie-Josée',
    lastName: 'Hoarau',
    establishment: 14,
    profileType: 'teacher',
    sectors: ['naval', 'metallurgy', 'mechanics'],
    weeklyMail: false,
  },
  {
    firstName: 'Ludovic',
    lastName: 'Grondin',
    establishment: 15,
    profileType: 'prescriber',
    sectors: ['energyEquipment', 'aerospace'],
    weeklyMail: true,
  },
];

const TEACHER_DESCRIPTIONS: Record<ProfileType, readonly string[]> = {
  teacher: [
    "Professeur·e principal·e, j'organise chaque année des découvertes de l'entreprise pour mes élèves.",
    'Enseignant·e en technologie, je cherche des entreprises pour des visites et des interventions en classe.',
    "Je prépare mes élèves au choix de l'orientation et aux stages d'observation.",
  ],
  prescriber: [
    "Conseiller·ère en insertion, j'accompagne des jeunes de 16 à 25 ans dans leur projet professionnel.",
    "J'oriente des jeunes en recherche d'emploi vers les métiers qui recrutent sur le territoire.",
  ],
  employmentPartner: [
    "Conseiller·ère entreprises, j'organise des découvertes de métiers pour les demandeurs d'emploi.",
    'Je prépare des personnes en reconversion à rencontrer les entreprises industrielles qui recrutent.',
  ],
};

function schoolLevelsOf(type: string): SchoolLevel[] {
  if (type === 'Collège') return ['college'];
  if (type.startsWith('Lycée')) return ['lycee'];
  return [];
}

function planTeachers(
  rng: Rng,
  nowMs: number,
  passwordHash: string,
  establishmentRows: Plan['establishments'],
): PlannedTeacher[] {
  return TEACHERS.map((spec, index) => {
    const establishment = at(establishmentRows, spec.establishment);
    const departmentCode = establishment.departmentCode ?? '';
    const sectorJobs = JOBS.filter(([, sector]) => spec.sectors.includes(sector)).map(([label]) => label);
    const ownAddress = index === 4 || index === 9;
    const commune = demoDepartment(departmentCode).communes.find((c) => c.name !== establishment.city);
    return {
      establishment: spec.establishment,
      row: {
        kind: 'teacher',
        email: index === 0 ? DEMO_TEACHER_EMAIL : personEmail({ ...spec, feminine: false }, TEACHER_DOMAIN),
        passwordHash,
        firstName: spec.firstName,
        lastName: spec.lastName,
        phone: mobile(rng, departmentCode === '974'),
        departmentCode,
        profileType: spec.profileType,
        schoolLevels: schoolLevelsOf(establishment.type),
        establishmentId: null,
        description: rng.pick(TEACHER_DESCRIPTIONS[spec.profileType]),
        sectors: spec.sectors,
        jobs: rng.sample(sectorJobs, rng.int(2, 4)),
        useEstablishmentAddress: !ownAddress,
        referenceLabel: ownAddress && commune ? `Mairie, ${commune.postcode} ${commune.name}` : null,
        referenceZipcode: ownAddress && commune ? commune.postcode : null,
        referenceCity: ownAddress && commune ? commune.name : null,
        referenceLat: ownAddress && commune ? commune.lat : null,
        referenceLng: ownAddress && commune ? commune.lng : null,
        weeklyMail: spec.weeklyMail,
        createdAt: new Date(nowMs - rng.int(60, 300) * DAY_MS - rng.int(0, 12) * HOUR_MS),
      },
    };
  });
}

/** Start times on the half hour from 08:00 to 17:00, mornings and early afternoons more likely. */
const START_TIMES: readonly (readonly [string, number])[] = Array.from({ length: 19 }, (_, i) => {
  const minutes = 8 * 60 + i * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const weight = minutes === 12 * 60 || minutes === 12 * 60 + 30 ? 1 : minutes >= 16 * 60 ? 2 : 5;
  return [time, weight] as const;
});

const DURATIONS: Record<MeetingType, readonly (readonly [SlotDuration, number])[]> = {
  CompanyVisit: [
    [60, 3],
    [90, 4],
    [45, 1],
  ],
  ClassroomIntervention: [
    [45, 3],
    [60, 4],
    [90, 1],
  ],
  Webinar: [
    [30, 2],
    [45, 3],
    [60, 3],
  ],
};

const CATEGORY_WEIGHTS: readonly (readonly [PublicCategory, number])[] = [
  ['middleSchool', 5],
  ['highSchool', 5],
  ['reorientation', 3],
  ['jobSeekers', 3],
  ['prescribers', 1],
];

function weightedSample<T>(rng: Rng, items: readonly (readonly [T, number])[], count: number): T[] {
  const chosen: T[] = [];
  let left = [...items];
  while (chosen.length < count && left.length > 0) {
    const item = rng.weighted(left);
    chosen.push(item);
    left = left.filter(([candidate]) => candidate !== item);
  }
  return chosen;
}

function slotDescription(rng: Rng, type: MeetingType, company: PlannedCompany): string {
  const job = ofJob(rng.pick(company.jobLabels));
  const name = company.spec.name;
  if (type === 'CompanyVisit') {
    return rng.pick([
      `Visite de nos ateliers : présentation de ${name}, parcours en production et échanges avec les équipes autour du métier ${job}. Chaussures fermées obligatoires ; les équipements de protection sont fournis.`,
      `Découverte du site et de ses lignes de production, puis rencontre avec des apprentis. Nous présentons en particulier le métier ${job} et les formations qui y mènent.`,
      `Visite guidée de l'usine en petits groupes, démonstrations sur machines et temps de questions-réponses. Prévoir une pièce d'identité pour l'accès au site.`,
    ]);
  }
  if (type === 'ClassroomIntervention') {
    return rng.pick([
      `Deux membres de nos équipes viennent présenter ${name} et le métier ${job}, avec des pièces fabriquées dans nos ateliers et des vidéos de production.`,
      `Intervention en classe : parcours, formations et quotidien du métier ${job}, suivie d'un quiz sur l'industrie et d'un temps d'échange avec les élèves.`,
    ]);
  }
  return rng.pick([
    `Webinaire interactif : présentation de nos métiers, des formations qui y mènent et de l'alternance chez ${name}. Les participants posent leurs questions par écrit.`,
    `En direct de nos ateliers : une visite filmée de la production, puis une présentation du métier ${job} et des offres de stage et d'apprentissage.`,
  ]);
}

function planSlots(rng: Rng, now: Date, plannedCompanies: PlannedCompany[]): PlannedSlot[] {
  const nowMs = now.getTime();
  const planned: PlannedSlot[] = [];
  plannedCompanies.forEach((company, index) => {
    if (company.spec.noSlots) return;
    const companyRng = rng.fork(company.spec.name);
    const today = utcToZonedWallClock(now, company.timeZone).date;
    const weekdays = (from: number, to: number) => {
      const dates: string[] = [];
      for (let offset = from; offset <= to; offset++) {
        const date = addDays(today, offset);
        const weekday = dayOfWeek(date);
        if (weekday !== 0 && weekday !== 6) dates.push(date);
      }
      return dates;
    };
    // Day 59 at the latest: the last start then stays within now + 60 × 24 h whatever the hour of `now`.
    const futureDates = companyRng.sample(
      weekdays(1, DEMO_FUTURE_DAYS - 1),
      index === 0 ? 12 : companyRng.int(6, 9),
    );
    const pastDates = companyRng.sample(
      weekdays(-DEMO_PAST_DAYS, -1),
      index === 0 ? 4 : companyRng.int(0, 2),
    );
    const dates = [
      ...futureDates.map((d) => [d, false] as const),
      ...pastDates.map((d) => [d, true] as const),
    ];
    dates.sort(([a], [b]) => a.localeCompare(b));
    const externalVideo = companyRng.chance(0.2);
    for (const [date, past] of dates) {
      const type = companyRng.weighted<MeetingType>([
        ['CompanyVisit', 9],
        ['ClassroomIntervention', 6],
        ['Webinar', 5],
      ]);
      const duration = companyRng.weighted(DURATIONS[type]);
      const startsAt = zonedWallClockToUtc(date, companyRng.weighted(START_TIMES), company.timeZone);
      const speaker = companyRng.pick(company.speakers);
      const createdAt = past
        ? new Date(startsAt.getTime() - companyRng.int(7, 30) * DAY_MS - companyRng.int(0, 10) * HOUR_MS)
        : new Date(nowMs - companyRng.int(2, 35 * 24) * HOUR_MS);
      const otherPlace = type === 'CompanyVisit' && companyRng.chance(0.08);
      const otherCommune = companyRng.pick(company.department.communes);
      planned.push({
        company: index,
        past,
        row: {
          startsAt,
          endsAt: new Date(startsAt.getTime() + duration * 60_000),
          timeZone: company.timeZone,
          durationMinutes: duration,
          meetingType: type,
          publicCategories: weightedSample(companyRng, CATEGORY_WEIGHTS, companyRng.int(1, 3)),
          subjects: companyRng.sample(SLOT_SUBJECTS, companyRng.int(1, 3)),
          maxParticipants:
            type === 'Webinar'
              ? companyRng.int(15, 30)
              : type === 'CompanyVisit'
                ? companyRng.int(8, 25)
                : companyRng.int(12, 30),
          seatsTaken: 0,
          speakerName: speaker.person.lastName,
          speakerFirstname: speaker.person.firstName,
          speakerEmail: speaker.email,
          speakerPhone: speaker.phone,
          speakerRole: speaker.role,
          description: slotDescription(companyRng, type, company),
          videoLink:
            type === 'Webinar' && externalVideo
              ? `https://visio.${slugify(company.spec.name)}.fr/webinaire-${date.replace(/-/g, '')}`
              : null,
          placeLabel: otherPlace
            ? `Site de production, ${streetAddress(companyRng)}, ${otherCommune.postcode} ${otherCommune.name}`
            : null,
          placeLat: otherPlace ? jitter(companyRng, otherCommune.lat) : null,
          placeLng: otherPlace ? jitter(companyRng, otherCommune.lng) : null,
          createdAt,
          updatedAt: null,
        },
      });
    }
  });
  makeUnjoinableWebinar(planned, plannedCompanies);
  return planned;
}

/** The demo company's future slot that becomes a webinar without a link (issue 21). */
const UNJOINABLE_WEBINAR = 3;
/** Its bookings, made today: the demo teacher's group and another one, 19 seats in all. */
const UNJOINABLE_WEBINAR_GROUPS: readonly { teacher: number; participants: number }[] = [
  { teacher: 0, participants: 12 },
  { teacher: 2, participants: 7 },
];

/**
 * A webinar published before the rule « a webinar needs a room that will work » (issue 21): no external link.
 * A demo started without LiveKit shows it flagged on /my-slots and its teachers reading « Lien communiqué par
 * l’entreprise »; with LiveKit it is held in the built-in room. The demo company's fourth future slot, so that
 * the other plans (and their random draws) stay as they were.
 */
function makeUnjoinableWebinar(planned: PlannedSlot[], plannedCompanies: PlannedCompany[]) {
  const slot = planned.filter((s) => s.company === 0 && !s.past)[UNJOINABLE_WEBINAR];
  if (!slot) return;
  Object.assign(slot.row, {
    meetingType: 'Webinar',
    durationMinutes: 60,
    endsAt: new Date(slot.row.startsAt.getTime() + 60 * 60_000),
    maxParticipants: 30,
    videoLink: null,
    placeLabel: null,
    placeLat: null,
    placeLng: null,
    description: `Webinaire en direct : présentation de ${at(plannedCompanies, 0).spec.name}, de ses métiers et de l'alternance, puis questions des classes par écrit.`,
  } satisfies Partial<PlannedSlot['row']>);
}

const BOOKING_MESSAGES: readonly string[] = [
  'Classe de 3e en découverte professionnelle, très curieuse des métiers de la production.',
  'Nous serons accompagnés de deux AESH ; un élève se déplace en fauteuil.',
  'Groupe de jeunes en réorientation : ils aimeraient connaître les formations en alternance.',
  "Les élèves ont préparé des questions sur les conditions de travail et l'apprentissage.",
  'Merci de nous indiquer le point de rendez-vous et le parking pour le car.',
];

const CANCEL_REASONS_TEACHER: readonly string[] = [
  "Le car n'est finalement pas disponible ce jour-là.",
  'Sortie annulée à cause des conseils de classe avancés.',
  'Grève des transports scolaires annoncée.',
];

const CANCEL_REASONS_COMPANY: readonly string[] = [
  'Arrêt exceptionnel de la ligne de production pour maintenance.',
  "Notre intervenant n'est plus disponible ; nous vous proposons un autre créneau.",
];

function planBookings(
  rng: Rng,
  now: Date,
  plannedCompanies: PlannedCompany[],
  teachers: PlannedTeacher[],
  plannedSlots: PlannedSlot[],
): Pick<Plan, 'meetings' | 'waitlist'> {
  const nowMs = now.getTime();
  const planned: PlannedMeeting[] = [];
  const teacherDepartment = (t: number) => at(teachers, t).row.departmentCode;

  const book = (
    slotIndex: number,
    teacherIndex: number,
    options: { fill?: boolean; status?: StoredMeetingStatus; participants?: number; createdAt?: Date },
  ) => {
    const slot = at(plannedSlots, slotIndex);
    const remaining = slot.row.maxParticipants - (slot.row.seatsTaken ?? 0);
    if (remaining <= 0) return false;
    if (planned.some((m) => m.slot === slotIndex && m.teacher === teacherIndex)) return false;
    const status = options.status ?? 'confirmed';
    const participants = options.participants
      ? Math.min(options.participants, remaining)
      : options.fill
        ? remaining
        : status === 'cancelled'
          ? rng.int(1, slot.row.maxParticipants)
          : remaining === 1
            ? 1
            : rng.int(Math.max(1, Math.min(8, remaining - 1)), remaining - 1);
    const startsMs = slot.row.startsAt.getTime();
    const earliest = Math.max(timeOf(slot.row.createdAt) + HOUR_MS, teacherCreated(teacherIndex) + HOUR_MS);
    const latest = Math.min(nowMs - HOUR_MS, startsMs - 2 * DAY_MS);
    const createdAt =
      options.createdAt ??
      new Date(Math.min(latest > earliest ? rng.int(earliest, latest) : earliest, startsMs - HOUR_MS));
    const teacher = at(teachers, teacherIndex);
    const adult = randomPerson(rng);
    const cancelled = status === 'cancelled';
    const byCompany = cancelled && rng.chance(0.35);
    const cancelledAt = cancelled
      ? new Date(Math.min(nowMs - HOUR_MS, createdAt.getTime() + rng.int(1, 5) * DAY_MS))
      : null;
    planned.push({
      slot: slotIndex,
      teacher: teacherIndex,
      cancelledByCompany: byCompany,
      row: {
        status,
        participantsCount: participants,
        publicCategory: rng.pick(slot.row.publicCategories),
        message: rng.chance(0.5) ? rng.pick(BOOKING_MESSAGES) : null,
        accompanyingAdultName: personName(adult),
        accompanyingAdultPhone: mobile(rng, teacher.row.departmentCode === '974'),
        charterAcceptedAt: createdAt,
        cancelReason: cancelled
          ? rng.pick(byCompany ? CANCEL_REASONS_COMPANY : CANCEL_REASONS_TEACHER)
          : null,
        cancelledAt,
        createdAt,
      },
    });
    if (!cancelled) slot.row.seatsTaken = (slot.row.seatsTaken ?? 0) + participants;
    return true;
  };
  const teacherCreated = (t: number) => timeOf(at(teachers, t).row.createdAt);

  const slotIndexes = plannedSlots.map((_, i) => i);
  const isFuture = (i: number) => at(plannedSlots, i).row.startsAt.getTime() > nowMs;
  const departmentOfSlot = (i: number) => at(plannedCompanies, at(plannedSlots, i).company).department.code;
  const candidatesFor = (i: number) =>
    teachers
      .map((_, t) => t)
      .filter(
        (t) =>
          at(plannedSlots, i).row.meetingType === 'Webinar' || teacherDepartment(t) === departmentOfSlot(i),
      );

  // The demo accounts first, so that both see bookings, a full slot and a postponed meeting at login.
  const demoCompanySlots = slotIndexes.filter((i) => at(plannedSlots, i).company === 0);
  const demoFuture = demoCompanySlots.filter(isFuture);
  const demoPast = demoCompanySlots.filter((i) => !isFuture(i));
  book(at(demoFuture, 0), 0, {});
  book(at(demoFuture, 1), 0, { status: 'reported' });
  book(at(demoFuture, 2), 1, {});
  book(at(demoFuture, 2), 3, { fill: true });
  // Its line: another teacher, then the demo teacher, who sees their place in it; the company its length.
  const fullSlot = at(plannedSlots, at(demoFuture, 2)).row;
  const waitlist: Plan['waitlist'] = [2, 0].map((teacher, place) => ({
    slot: at(demoFuture, 2),
    teacher,
    row: {
      groupSize: Math.min(fullSlot.maxParticipants, 12 - 4 * place),
      publicCategory: at(fullSlot.publicCategories, 0),
      createdAt: new Date(nowMs - (2 - place) * DAY_MS),
    },
  }));
  book(at(demoFuture, 4), 2, {});
  UNJOINABLE_WEBINAR_GROUPS.forEach(({ teacher, participants }, order) => {
    const createdAt = new Date(nowMs - (UNJOINABLE_WEBINAR_GROUPS.length - order) * HOUR_MS);
    book(at(demoFuture, UNJOINABLE_WEBINAR), teacher, { participants, createdAt });
  });
  book(at(demoFuture, 5), 3, { status: 'cancelled' });
  for (const i of demoPast) book(i, 0, {});
  const teacherFuture = rng
    .shuffle(
      slotIndexes.filter(
        (i) => isFuture(i) && at(plannedSlots, i).company !== 0 && candidatesFor(i).includes(0),
      ),
    )
    .slice(0, 3);
  for (const i of teacherFuture) book(i, 0, {});
  const teacherPast = rng
    .shuffle(
      slotIndexes.filter(
        (i) => !isFuture(i) && at(plannedSlots, i).company !== 0 && candidatesFor(i).includes(0),
      ),
    )
    .slice(0, 1);
  for (const i of teacherPast) book(i, 0, {});

  const futurePool = rng.shuffle(slotIndexes.filter((i) => isFuture(i) && at(plannedSlots, i).company !== 0));
  for (const i of futurePool) {
    if (planned.filter((m) => isFuture(m.slot)).length >= 60) break;
    if (planned.some((m) => m.slot === i)) continue;
    const candidates = rng.shuffle(candidatesFor(i));
    const wanted = Math.min(
      candidates.length,
      rng.weighted([
        [1, 6],
        [2, 3],
        [3, 1],
      ] as const),
    );
    const fill = rng.chance(0.2);
    const moved = !fill && rng.chance(0.12);
    for (let k = 0; k < wanted; k++) {
      const status: StoredMeetingStatus = rng.chance(0.07) ? 'cancelled' : moved ? 'reported' : 'confirmed';
      book(i, at(candidates, k), { fill: fill && k === wanted - 1, status });
    }
  }

  const pastPool = rng.shuffle(slotIndexes.filter((i) => !isFuture(i) && at(plannedSlots, i).company !== 0));
  for (const i of pastPool) {
    if (planned.filter((m) => !isFuture(m.slot)).length >= 25) break;
    if (planned.some((m) => m.slot === i)) continue;
    const candidates = rng.shuffle(candidatesFor(i));
    if (candidates.length === 0) continue;
    book(i, at(candidates, 0), {
      status: rng.chance(0.08) ? 'cancelled' : 'confirmed',
      fill: rng.chance(0.2),
    });
  }

  for (const meeting of planned) {
    if (meeting.row.status !== 'reported') continue;
    const slot = at(plannedSlots, meeting.slot);
    slot.row.updatedAt = new Date(Math.max(timeOf(meeting.row.createdAt) + HOUR_MS, nowMs - 2 * DAY_MS));
  }
  return { meetings: planned, waitlist };
}

const FEEDBACK_LIKED: readonly string[] = [
  'Les élèves ont adoré voir les robots de soudure en fonctionnement et poser leurs questions aux apprentis.',
  "Accueil très chaleureux, visite bien rythmée et adaptée à l'âge des élèves.",
  'Les intervenants ont su parler simplement de leur parcours ; plusieurs élèves veulent faire leur stage ici.',
  'La démonstration sur machine à commande numérique a beaucoup marqué le groupe.',
  'Des échanges concrets sur les salaires, les horaires et les formations en alternance.',
  "La présence d'une jeune femme technicienne a fait évoluer le regard des élèves sur ces métiers.",
];

const FEEDBACK_SUGGESTIONS: readonly string[] = [
  'Prévoir un temps de pause : la visite était un peu longue pour des collégiens.',
  'Envoyer à l’avance un petit dossier pour préparer la visite en classe.',
  "Le bruit de l'atelier rendait les explications difficiles à suivre : des casques audio seraient utiles.",
  'Rien à signaler, nous reviendrons avec une autre classe.',
  '',
];

const FAQ: readonly (readonly [FaqAudience, string, string])[] = [
  [
    'visitor',
    "Qu'est-ce que Passerelle Industrie ?",
    "Une plateforme gratuite où les entreprises industrielles publient des créneaux de visite, d'intervention en classe ou de webinaire, que les enseignants et les prescripteurs réservent en quelques clics.",
  ],
  [
    'visitor',
    'La plateforme est-elle disponible dans mon département ?',
    "Elle ouvre département par département, avec la chambre territoriale de la métallurgie. Si votre département n'est pas encore ouvert, l'inscription vous l'indique.",
  ],
  [
    'visitor',
    'Le service est-il payant ?',
    "Non. L'inscription, la publication de créneaux et les réservations sont gratuites pour tous.",
  ],
  [
    'teacher',
    'Combien de participants puis-je inscrire ?',
    "Autant que de places restantes sur le créneau, accompagnateurs compris. L'entreprise fixe la capacité maximale de chaque créneau.",
  ],
  [
    'teacher',
    'Comment annuler une réservation ?',
    "Depuis « Mes rencontres », ouvrez la rencontre et choisissez « Annuler ». Pensez aussi à prévenir l'entreprise par téléphone : son numéro est affiché.",
  ],
  [
    'teacher',
    'Que se passe-t-il si l’entreprise déplace le créneau ?',
    'Votre réservation passe au statut « reportée » et vous recevez un e-mail avec le nouvel horaire. Vous gardez votre place ou vous annulez.',
  ],
  [
    'teacher',
    'Puis-je demander une aide au transport ?',
    "Oui, pour une visite d'entreprise confirmée, avant qu'elle ait lieu : depuis le détail du rendez-vous, indiquez la taille du groupe et l'adresse de départ. L'équipe de la plateforme vous répond par e-mail.",
  ],
  [
    'company',
    'Comment publier un créneau ?',
    'Depuis votre espace, choisissez « Ajouter un créneau » : date, heure, durée, type de rencontre, publics visés et intervenant. Vous pouvez dupliquer un créneau sur plusieurs semaines.',
  ],
  [
    'company',
    'Pourquoi mon compte est-il en attente de validation ?',
    "Chaque entreprise est vérifiée par l'équipe de la plateforme avant sa première connexion. Vous recevez un e-mail dès la validation.",
  ],
  [
    'company',
    'Puis-je modifier un créneau déjà réservé ?',
    'Oui, tant qu’il est à venir. Les enseignants inscrits sont prévenus et choisissent de garder leur place ou d’annuler. La capacité ne peut pas descendre sous le nombre de places déjà réservées.',
  ],
];

const PLATFORM_ARTICLES: readonly (readonly [string, string, string])[] = [
  [
    'Passerelle Industrie ouvre à La Réunion',
    'Les entreprises industrielles réunionnaises publient leurs premiers créneaux.',
    "Après le Rhône, l'Isère, la Haute-Garonne et la Loire-Atlantique, la plateforme ouvre à La Réunion avec l'UIMM La Réunion.\n\nChantiers navals, métallerie, maintenance aéronautique, froid industriel : une dizaine d'entreprises accueillent déjà des classes et des demandeurs d'emploi. Les horaires des créneaux sont affichés à l'heure de La Réunion.",
  ],
  [
    "Préparer une visite d'entreprise avec sa classe",
    'Nos conseils pour que la visite soit utile aux élèves et simple pour l’entreprise.',
    "Avant la visite, présentez l'entreprise et ses métiers en classe, et faites préparer des questions aux élèves.\n\nLe jour J, vérifiez la tenue demandée (chaussures fermées, cheveux attachés) et arrivez un peu en avance.\n\nAprès la visite, répondez au questionnaire de satisfaction : il aide l'entreprise à améliorer son accueil.",
  ],
  [
    "Semaine de l'industrie : les ateliers ouvrent leurs portes",
    'Plus de cent créneaux publiés pour faire découvrir les métiers industriels.',
    "Pendant la Semaine de l'industrie, les entreprises de la plateforme multiplient les visites, les interventions en classe et les webinaires.\n\nRéservez dès maintenant : les créneaux les plus demandés sont vite complets.",
  ],
];

const COMPANY_NEWS: readonly (readonly [string, string])[] = [
  [
    'Douze apprentis nous rejoignent à la rentrée',
    "Du CAP au diplôme d'ingénieur, douze apprentis commencent leur formation dans nos ateliers. Chacun est accompagné par un tuteur expérimenté.",
  ],
  [
    'Un nouvel atelier de soudure robotisée',
    'Notre nouvel atelier associe cellules robotisées et postes manuels. Il sera au programme de nos prochaines visites.',
  ],
  [
    'Journée portes ouvertes',
    'Familles, élèves et demandeurs d’emploi sont invités à découvrir nos métiers lors de notre journée portes ouvertes.',
  ],
  [
    'Certification ISO 14001 obtenue',
    'Notre site a obtenu la certification ISO 14001 pour son système de management environnemental, fruit de deux ans de travail des équipes.',
  ],
  [
    'Un centre d’usinage cinq axes pour la production',
    'Ce nouvel équipement nous permet de fabriquer des pièces plus complexes et crée trois postes de technicien.',
  ],
  [
    'Nous recrutons des techniciens de maintenance',
    'Nous ouvrons plusieurs postes en CDI et en alternance. Les candidatures de personnes en reconversion sont les bienvenues.',
  ],
  [
    'Partenariat avec un lycée professionnel du territoire',
    'Nos équipes accueilleront chaque trimestre des élèves de bac pro pour des ateliers pratiques.',
  ],
];

function planContent(
  rng: Rng,
  nowMs: number,
  plannedCompanies: PlannedCompany[],
  plannedMeetings: PlannedMeeting[],
  plannedSlots: PlannedSlot[],
  teachers: PlannedTeacher[],
  establishmentRows: Plan['establishments'],
): Omit<Plan, 'companies' | 'pending' | 'establishments' | 'teachers' | 'slots' | 'meetings' | 'waitlist'> {
  const slotOf = (m: PlannedMeeting) => at(plannedSlots, m.slot);
  const meetingIndexes = plannedMeetings.map((_, i) => i);
  const pastConfirmed = meetingIndexes
    .filter((i) => {
      const m = at(plannedMeetings, i);
      return m.row.status === 'confirmed' && slotOf(m).row.endsAt.getTime() < nowMs;
    })
    .sort(
      (a, b) =>
        slotOf(at(plannedMeetings, a)).row.startsAt.getTime() -
        slotOf(at(plannedMeetings, b)).row.startsAt.getTime(),
    );
  // The demo teacher's latest past meeting stays without feedback, so the questionnaire invitation shows.
  const demoTeacherPast = pastConfirmed.filter((i) => at(plannedMeetings, i).teacher === 0);
  const withFeedback = [
    ...demoTeacherPast.slice(0, -1),
    ...pastConfirmed.filter((i) => at(plannedMeetings, i).teacher !== 0),
  ].slice(0, 15);
  const rating = () =>
    rng.weighted([
      [4, 5],
      [3, 4],
      [2, 1.5],
      [1, 0.5],
    ] as const);
  const feedbackRows = withFeedback.map((meeting) => {
    const end = slotOf(at(plannedMeetings, meeting)).row.endsAt.getTime();
    const suggestions = rng.pick(FEEDBACK_SUGGESTIONS);
    return {
      meeting,
      row: {
        organisation: rating(),
        matching: rating(),
        engagement: rating(),
        liked: rng.pick(FEEDBACK_LIKED),
        suggestions: suggestions === '' ? null : suggestions,
        createdAt: new Date(Math.min(nowMs - HOUR_MS, end + rng.int(2, 72) * HOUR_MS)),
      },
    };
  });

  const favoriteRows: Plan['favorites'] = [];
  teachers.forEach((teacher, t) => {
    const sameDepartment = plannedCompanies
      .map((c, i) => [c, i] as const)
      .filter(([c]) => c.department.code === teacher.row.departmentCode)
      .map(([, i]) => i);
    const count = t === 0 ? 5 : rng.int(0, 2);
    for (const company of rng.sample(sameDepartment, count)) {
      favoriteRows.push({ teacher: t, company, createdAt: new Date(nowMs - rng.int(1, 60) * DAY_MS) });
    }
  });

  const futureVisits = meetingIndexes.filter((i) => {
    const m = at(plannedMeetings, i);
    return (
      m.row.status === 'confirmed' &&
      slotOf(m).row.meetingType === 'CompanyVisit' &&
      slotOf(m).row.startsAt.getTime() > nowMs
    );
  });
  const transportFor = [
    ...futureVisits.filter((i) => at(plannedMeetings, i).teacher === 0).slice(0, 1),
    ...futureVisits.filter((i) => at(plannedMeetings, i).teacher !== 0),
  ].slice(0, 2);
  const transportRows = transportFor.map((meeting) => {
    const m = at(plannedMeetings, meeting);
    const establishment = at(establishmentRows, at(teachers, m.teacher).establishment);
    return {
      meeting,
      row: {
        groupSize: m.row.participantsCount,
        departureLabel: establishment.label ?? establishment.name,
        departureZipcode: establishment.zipcode,
        departureCity: establishment.city,
        departureDepartmentCode: establishment.departmentCode,
        departureLat: establishment.lat,
        departureLng: establishment.lng,
        comment: rng.pick([
          "Notre établissement n'a plus de budget pour la location d'un car ce trimestre.",
          "Le site n'est pas desservi par les transports en commun depuis le collège.",
        ]),
        status: 'pending' as const,
        createdAt: new Date(Math.min(nowMs - HOUR_MS, timeOf(m.row.createdAt) + 3 * HOUR_MS)),
      },
    };
  });

  const optInWithoutSlots = plannedCompanies.findIndex(
    (c) => c.spec.noSlots && c.spec.contactOptIn && c.department.code === '69',
  );
  const reunionTeacher = teachers.findIndex((t) => t.row.departmentCode === '974');
  const contacts: Plan['contacts'] = [
    {
      teacher: 0,
      company: optInWithoutSlots,
      row: {
        name: 'Camille Martin',
        email: DEMO_TEACHER_EMAIL,
        subject: 'Visite pour une classe de 3e',
        body: "Bonjour,\n\nJe suis professeure au collège Louise Michel à Vénissieux. Ma classe de 3e travaille sur les métiers de l'automobile : pourriez-vous nous accueillir pour une visite au printemps ?\n\nBien cordialement,\nCamille Martin",
        createdAt: new Date(nowMs - 3 * DAY_MS - 5 * HOUR_MS),
      },
    },
    {
      teacher: reunionTeacher,
      company: null,
      row: {
        name: `${at(teachers, reunionTeacher).row.firstName} ${at(teachers, reunionTeacher).row.lastName}`,
        email: at(teachers, reunionTeacher).row.email,
        // A message of the contact form (docs/decisions/0042): a subject of the list, the sender as they were.
        subject: 'company',
        body: "Des créneaux dans l'Est de l'île ?\n\nBonjour,\n\nNos élèves de Saint-André ont peu de créneaux proches. Des entreprises de Saint-Benoît ou de Bras-Panon vont-elles rejoindre la plateforme ?\n\nMerci d'avance.",
        senderRole: 'Enseignant ou enseignante',
        organisation: at(establishmentRows, at(teachers, reunionTeacher).establishment).name,
        departmentCode: '974',
        regionCode: findDepartment('974')?.regionCode ?? null,
        status: 'new',
        createdAt: new Date(nowMs - 6 * DAY_MS - 2 * HOUR_MS),
      },
    },
  ];

  const positions = new Map<string, number>();
  const faqRows = FAQ.map(([audience, question, answer], i) => {
    const position = positions.get(audience) ?? 0;
    positions.set(audience, position + 1);
    return { audience, question, answer, position, createdAt: new Date(nowMs - (200 - i) * DAY_MS) };
  });

  const articleRows: Plan['articles'] = PLATFORM_ARTICLES.map(([title, summary, body], i) => ({
    company: null,
    row: {
      title,
      summary,
      body,
      publishedAt: new Date(nowMs - (5 + i * 17) * DAY_MS),
      createdAt: new Date(nowMs - (6 + i * 17) * DAY_MS),
      updatedAt: new Date(nowMs - (5 + i * 17) * DAY_MS),
    },
  }));
  const newsCompanies = [0, 0, ...rng.sample(plannedCompanies.map((_, i) => i).slice(1), 8)];
  newsCompanies.forEach((company, i) => {
    const [title, body] = i < 2 ? at(COMPANY_NEWS, i) : rng.pick(COMPANY_NEWS);
    const published = nowMs - rng.int(2, 120) * DAY_MS;
    articleRows.push({
      company,
      row: {
        title,
        summary: null,
        body,
        publishedAt: new Date(published),
        createdAt: new Date(published - DAY_MS),
      },
    });
  });

  return {
    feedback: feedbackRows,
    favorites: favoriteRows,
    transport: transportRows,
    contacts,
    faq: faqRows,
    articles: articleRows,
  };
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function required<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed: nothing inserted for ${String(key)}`);
  return value;
}

/**
 * The demo teacher's « Mes classes »: two groups of the current school year, their meetings of that year
 * shared between them in date order, the latest one left without a group so attaching can be tried.
 */
async function seedDemoGroups(tx: DbOrTx, now: Date): Promise<void> {
  const [teacher] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_TEACHER_EMAIL));
  if (!teacher) return;
  const today = utcToZonedWallClock(now, 'Europe/Paris').date;
  const schoolYear = schoolYearOf(today);
  const groups = await tx
    .insert(classGroups)
    .values([
      { teacherId: teacher.id, name: '4e B', level: '4e', schoolYear, createdAt: now },
      { teacherId: teacher.id, name: '3e Prépa-métiers', level: '3e', schoolYear, createdAt: now },
    ])
    .returning({ id: classGroups.id });
  const { first, last } = schoolYearDays(schoolYear);
  const from = zonedWallClockToUtc(first, '00:00', 'Europe/Paris');
  const to = zonedWallClockToUtc(addDays(last, 1), '00:00', 'Europe/Paris');
  const ofTheYear = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .innerJoin(slots, eq(slots.id, meetings.slotId))
    .where(
      and(
        eq(meetings.teacherId, teacher.id),
        ne(meetings.status, 'cancelled'),
        gte(slots.startsAt, from),
        lt(slots.startsAt, to),
      ),
    )
    .orderBy(asc(slots.startsAt), asc(meetings.id));
  for (const [index, meeting] of ofTheYear.slice(0, -1).entries()) {
    const group = at(groups, index % groups.length);
    await tx.update(meetings).set({ groupId: group.id }).where(eq(meetings.id, meeting.id));
  }
}

async function writePlan(tx: DbOrTx, plan: Plan): Promise<void> {
  await ensureDepartments(tx);
  for (const department of DEMO_DEPARTMENTS) {
    await tx
      .update(departments)
      .set({ active: true, chamber: department.chamber })
      .where(eq(departments.code, department.code));
  }

  await tx
    .insert(jobs)
    .values(JOBS.map(([label, sector]) => ({ label, sector })))
    .onConflictDoNothing({ target: jobs.label });
  const jobIds = new Map(
    (
      await tx
        .select({ id: jobs.id, label: jobs.label })
        .from(jobs)
        .where(
          inArray(
            jobs.label,
            JOBS.map(([label]) => label),
          ),
        )
    ).map((j) => [j.label, j.id]),
  );

  const allCompanies = [...plan.companies, plan.pending];
  const companyIds = new Map<string, number>();
  for (const part of chunks(allCompanies, 50)) {
    const inserted = await tx
      .insert(companies)
      .values(part.map((c) => c.row))
      .returning({ id: companies.id, siret: companies.siret });
    for (const row of inserted) companyIds.set(row.siret, row.id);
  }
  const companyId = (index: number) => required(companyIds, at(plan.companies, index).row.siret);

  await tx.insert(companyJobs).values(
    allCompanies.flatMap((c) =>
      c.jobLabels.map((label) => ({
        companyId: required(companyIds, c.row.siret),
        jobId: required(jobIds, label),
      })),
    ),
  );
  await tx
    .insert(users)
    .values(allCompanies.map((c) => ({ ...c.recruiter, companyId: required(companyIds, c.row.siret) })));

  const establishmentIds = new Map<string, number>();
  const insertedEstablishments = await tx
    .insert(establishments)
    .values(plan.establishments)
    .returning({ id: establishments.id, name: establishments.name });
  for (const row of insertedEstablishments) establishmentIds.set(row.name, row.id);
  const establishmentId = (index: number) => required(establishmentIds, at(plan.establishments, index).name);

  const teacherIds = new Map<string, number>();
  const insertedTeachers = await tx
    .insert(users)
    .values(plan.teachers.map((t) => ({ ...t.row, establishmentId: establishmentId(t.establishment) })))
    .returning({ id: users.id, email: users.email });
  for (const row of insertedTeachers) teacherIds.set(row.email, row.id);
  const teacherId = (index: number) => required(teacherIds, at(plan.teachers, index).row.email);

  const slotKey = (company: number, startsAt: Date) => `${company}@${startsAt.getTime()}`;
  const slotIds = new Map<string, number>();
  for (const part of chunks(plan.slots, 100)) {
    const inserted = await tx
      .insert(slots)
      .values(part.map((s) => ({ ...s.row, companyId: companyId(s.company) })))
      .returning({ id: slots.id, companyId: slots.companyId, startsAt: slots.startsAt });
    for (const row of inserted) slotIds.set(slotKey(row.companyId, row.startsAt), row.id);
  }
  const slotId = (index: number) => {
    const slot = at(plan.slots, index);
    return required(slotIds, slotKey(companyId(slot.company), slot.row.startsAt));
  };

  const recruiterIds = new Map(
    (
      await tx
        .select({ id: users.id, companyId: users.companyId })
        .from(users)
        .where(and(eq(users.kind, 'recruiter'), inArray(users.companyId, [...companyIds.values()])))
    ).map((u) => [u.companyId, u.id]),
  );

  const meetingKey = (slot: number, teacher: number) => `${slot}/${teacher}`;
  const meetingIds = new Map<string, number>();
  for (const part of chunks(plan.meetings, 100)) {
    const inserted = await tx
      .insert(meetings)
      .values(
        part.map((m) => {
          const teacher = teacherId(m.teacher);
          const company = companyId(at(plan.slots, m.slot).company);
          return {
            ...m.row,
            slotId: slotId(m.slot),
            teacherId: teacher,
            establishmentId: establishmentId(at(plan.teachers, m.teacher).establishment),
            cancelledBy:
              m.row.status === 'cancelled'
                ? m.cancelledByCompany
                  ? required(recruiterIds, company)
                  : teacher
                : null,
          };
        }),
      )
      .returning({ id: meetings.id, slotId: meetings.slotId, teacherId: meetings.teacherId });
    for (const row of inserted) meetingIds.set(meetingKey(row.slotId, row.teacherId), row.id);
  }
  const meetingId = (index: number) => {
    const meeting = at(plan.meetings, index);
    return required(meetingIds, meetingKey(slotId(meeting.slot), teacherId(meeting.teacher)));
  };

  await tx
    .insert(waitlistEntries)
    .values(
      plan.waitlist.map((w) => ({ ...w.row, slotId: slotId(w.slot), teacherId: teacherId(w.teacher) })),
    );

  if (plan.feedback.length > 0) {
    await tx
      .insert(feedback)
      .values(plan.feedback.map((f) => ({ ...f.row, meetingId: meetingId(f.meeting) })));
  }
  if (plan.favorites.length > 0) {
    await tx.insert(favorites).values(
      plan.favorites.map((f) => ({
        teacherId: teacherId(f.teacher),
        companyId: companyId(f.company),
        createdAt: f.createdAt,
      })),
    );
  }
  if (plan.transport.length > 0) {
    await tx
      .insert(transportRequests)
      .values(plan.transport.map((t) => ({ ...t.row, meetingId: meetingId(t.meeting) })));
  }
  await tx.insert(contactMessages).values(
    plan.contacts.map((c) => ({
      ...c.row,
      fromUserId: c.teacher === null ? null : teacherId(c.teacher),
      companyId: c.company === null ? null : companyId(c.company),
    })),
  );
  await tx.insert(faqEntries).values(plan.faq);

  await tx
    .insert(articles)
    .values(
      plan.articles.map((a) => ({ ...a.row, companyId: a.company === null ? null : companyId(a.company) })),
    );
}
