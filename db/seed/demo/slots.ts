/** The plan of the demo's slots: the past 45 and the next 60 days of each company that publishes some. */
import {
  type MeetingType,
  type PublicCategory,
  SLOT_SUBJECTS,
  type SlotDuration,
} from '../../../common/constants.ts';
import { elide } from '../../../common/format.ts';
import { addDays, dayOfWeek, utcToZonedWallClock, zonedWallClockToUtc } from '../../../common/time.ts';
import { slugify } from '../people.ts';
import type { Rng } from '../prng.ts';
import { DEMO_FUTURE_DAYS, DEMO_PAST_DAYS } from './accounts.ts';
import { at, DAY_MS, HOUR_MS, jitter, streetAddress } from './helpers.ts';
import type { PlannedCompany, PlannedSlot } from './types.ts';

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

/** "de soudeur / soudeuse", "d’usineur / usineuse…" */
function ofJob(label: string): string {
  return elide('de', label.charAt(0).toLowerCase() + label.slice(1));
}

function slotDescription(rng: Rng, type: MeetingType, company: PlannedCompany): string {
  const job = ofJob(rng.pick(company.jobLabels));
  const name = company.spec.name;
  if (type === 'CompanyVisit') {
    return rng.pick([
      `Visite de nos ateliers : présentation ${elide('de', name)}, parcours en production et échanges avec les équipes autour du métier ${job}. Chaussures fermées obligatoires ; les équipements de protection sont fournis.`,
      `Découverte du site et de ses lignes de production, puis rencontre avec des apprentis. Nous présentons en particulier le métier ${job} et les formations qui y mènent.`,
      `Visite guidée de l’usine en petits groupes, démonstrations sur machines et temps de questions-réponses. Prévoir une pièce d’identité pour l’accès au site.`,
    ]);
  }
  if (type === 'ClassroomIntervention') {
    return rng.pick([
      `Deux membres de nos équipes viennent présenter ${name} et le métier ${job}, avec des pièces fabriquées dans nos ateliers et des vidéos de production.`,
      `Intervention en classe : parcours, formations et quotidien du métier ${job}, suivie d’un quiz sur l’industrie et d’un temps d’échange avec les élèves.`,
    ]);
  }
  return rng.pick([
    `Webinaire interactif : présentation de nos métiers, des formations qui y mènent et de l’alternance chez ${name}. Les participants posent leurs questions par écrit.`,
    `En direct de nos ateliers : une visite filmée de la production, puis une présentation du métier ${job} et des offres de stage et d’apprentissage.`,
  ]);
}

export function planSlots(rng: Rng, now: Date, plannedCompanies: PlannedCompany[]): PlannedSlot[] {
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
export const UNJOINABLE_WEBINAR = 3;
/** Its bookings, made today: the demo teacher's group and another one, 19 seats in all. */
export const UNJOINABLE_WEBINAR_GROUPS: readonly { teacher: number; participants: number }[] = [
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
    description: `Webinaire en direct : présentation ${elide('de', at(plannedCompanies, 0).spec.name)}, de ses métiers et de l’alternance, puis questions des classes par écrit.`,
  } satisfies Partial<PlannedSlot['row']>);
}
