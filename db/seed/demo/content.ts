/** The plan of what follows the meetings: feedback, favourites, transport requests, messages, FAQ and articles. */
import { findDepartment } from '../../reference/departments.ts';
import type { Rng } from '../prng.ts';
import { DEMO_TEACHER_EMAIL } from './accounts.ts';
import {
  COMPANY_NEWS,
  FAQ,
  FEEDBACK_LIKED,
  FEEDBACK_SUGGESTIONS,
  PLATFORM_ARTICLES,
} from './content-texts.ts';
import { at, DAY_MS, HOUR_MS, timeOf } from './helpers.ts';
import type { Plan, PlannedCompany, PlannedMeeting, PlannedSlot, PlannedTeacher } from './types.ts';

export function planContent(
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
          'Notre établissement n’a plus de budget pour la location d’un car ce trimestre.',
          'Le site n’est pas desservi par les transports en commun depuis le collège.',
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
        body: 'Bonjour,\n\nJe suis professeure au collège Louise Michel à Vénissieux. Ma classe de 3e travaille sur les métiers de l’automobile : pourriez-vous nous accueillir pour une visite au printemps ?\n\nBien cordialement,\nCamille Martin',
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
        body: 'Des créneaux dans l’Est de l’île ?\n\nBonjour,\n\nNos élèves de Saint-André ont peu de créneaux proches. Des entreprises de Saint-Benoît ou de Bras-Panon vont-elles rejoindre la plateforme ?\n\nMerci d’avance.',
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
