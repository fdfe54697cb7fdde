/** The plan of the demo's establishments and of the teachers who work there. */
import type { ProfileType, SchoolLevel, Sector } from '../../../common/constants.ts';
import { DEMO_ESTABLISHMENTS } from '../lists/establishments.ts';
import { JOBS } from '../lists/sectors.ts';
import { mobile, personEmail } from '../people.ts';
import type { Rng } from '../prng.ts';
import { DEMO_TEACHER_EMAIL, TEACHER_DOMAIN } from './accounts.ts';
import { at, communeOf, DAY_MS, demoDepartment, HOUR_MS, jitter } from './helpers.ts';
import type { Plan, PlannedTeacher } from './types.ts';

/** The demo's establishments, each placed near the centre of its commune. */
export function planEstablishments(root: Rng, nowMs: number): Plan['establishments'] {
  return DEMO_ESTABLISHMENTS.map((e) => {
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
    'Professeur·e principal·e, j’organise chaque année des découvertes de l’entreprise pour mes élèves.',
    'Enseignant·e en technologie, je cherche des entreprises pour des visites et des interventions en classe.',
    'Je prépare mes élèves au choix de l’orientation et aux stages d’observation.',
  ],
  prescriber: [
    'Conseiller·ère en insertion, j’accompagne des jeunes de 16 à 25 ans dans leur projet professionnel.',
    'J’oriente des jeunes en recherche d’emploi vers les métiers qui recrutent sur le territoire.',
  ],
  employmentPartner: [
    'Conseiller·ère entreprises, j’organise des découvertes de métiers pour les demandeurs d’emploi.',
    'Je prépare des personnes en reconversion à rencontrer les entreprises industrielles qui recrutent.',
  ],
};

function schoolLevelsOf(type: string): SchoolLevel[] {
  if (type === 'Collège') return ['college'];
  if (type.startsWith('Lycée')) return ['lycee'];
  return [];
}

export function planTeachers(
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
