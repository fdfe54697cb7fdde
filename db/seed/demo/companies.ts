/** The plan of the demo's companies, their recruiters and the speakers of their slots. */
import type { Sector } from '../../../common/constants.ts';
import {
  COMPANY_CLOSINGS,
  DEMO_COMPANIES,
  type DemoCompany,
  PENDING_COMPANY,
  RECRUITER_TITLES,
  SPEAKER_ROLES,
} from '../lists/companies.ts';
import { JOBS, NAF_CODES, SECTOR_ACTIVITIES } from '../lists/sectors.ts';
import { landline, mobile, personEmail, randomPerson, slugify } from '../people.ts';
import type { Rng } from '../prng.ts';
import { makeSiret } from '../siret.ts';
import { DEMO_RECRUITER_EMAIL } from './accounts.ts';
import {
  communeOf,
  DAY_MS,
  demoDepartment,
  HOUR_MS,
  jitter,
  personName,
  streetAddress,
  timeZoneOf,
} from './helpers.ts';
import type { PlannedCompany, Speaker } from './types.ts';

/** The validated companies (the first one the demo recruiter's) and the one awaiting validation. */
export function planCompanies(
  root: Rng,
  nowMs: number,
  passwordHash: string,
): { companies: PlannedCompany[]; pending: PlannedCompany } {
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
      `Implantée à ${commune.name}, l’entreprise compte ${employees} salariés et travaille pour des clients en France et à l’international.`,
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

  return {
    companies: DEMO_COMPANIES.map((spec, index) => planCompany(spec, index, false)),
    pending: planCompany(PENDING_COMPANY, 0, true),
  };
}
