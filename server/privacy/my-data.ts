import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { MAINLAND_TIME_ZONE } from '../../common/format.ts';
import { myDataFileName } from '../../common/privacy.ts';
import { ROUTES } from '../../common/routes.ts';
import { utcToZonedWallClock } from '../../common/time.ts';
import { retentionNotices } from '../../db/schema/privacy.ts';
import { accountPersonalData } from '../accounts/index.ts';
import { groupsOfTeacher } from '../classes/index.ts';
import { companyRowById, companyRowsByIds } from '../companies/index.ts';
import { contactPersonalData } from '../contact/index.ts';
import { documentsPersonalData } from '../documents/index.ts';
import { feedbackPersonalData } from '../feedback/index.ts';
import { PRIVATE_NO_STORE } from '../http/session.ts';
import type { AppEnv, Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import {
  meetingIdsOfTeacher,
  recruiterMeetingsPersonalData,
  teacherMeetingsPersonalData,
} from '../meetings/index.ts';
import { requireKind } from '../permissions.ts';
import { starredCompanyIds } from '../search/index.ts';
import { speakerPersonalData } from '../slots/index.ts';
import { teamsPersonalData } from '../teams/index.ts';
import { transportPersonalData } from '../transport/index.ts';
import { videoPersonalData } from '../video/index.ts';
import { waitlistPersonalData } from '../waitlist/index.ts';
import { weeklyAlertPersonalData } from '../weekly-alert/index.ts';

/**
 * « Mes données » (issue 37; docs/decisions/0098 lists every table and why it is in or out): everything the
 * platform holds about the logged-in teacher or recruiter, each room saying what it holds through its door.
 * Someone else's personal data is never in it (a booking's teacher for a recruiter, a colleague invited).
 */
export async function myData(viewer: Viewer | null, deps: Pick<Deps, 'db' | 'clock'>) {
  const me = requireKind(viewer, 'teacher', 'recruiter');
  const { db } = deps;
  const account = await accountPersonalData(db, me.id);
  if (!account) throw new AppError('NOT_FOUND');
  const email = account.profil.email;
  const [contact, documents, teams, video, notices] = await Promise.all([
    contactPersonalData(db, me.id),
    documentsPersonalData(db, me.id),
    teamsPersonalData(db, email),
    videoPersonalData(db, me.id),
    db.select().from(retentionNotices).where(eq(retentionNotices.userId, me.id)),
  ]);
  const common = {
    plateforme: 'Passerelle Industrie',
    exporteLe: deps.clock.now(),
    ...account,
    messagesEnvoyes: contact,
    documents,
    ...teams,
    salonsVideo: video,
    avertissementsDInactivite: notices.map((notice) => ({ envoyeLe: notice.warnedAt })),
  };
  if (me.kind === 'teacher') {
    const [meetings, groups, starred, feedback, waitlist, weeklyAlerts, meetingIds] = await Promise.all([
      teacherMeetingsPersonalData(db, me.id),
      groupsOfTeacher(db, me.id),
      starredCompanyIds(db, me.id),
      feedbackPersonalData(db, me.id),
      waitlistPersonalData(db, me.id),
      weeklyAlertPersonalData(db, me.id),
      meetingIdsOfTeacher(db, me.id),
    ]);
    const [favorites, transport] = await Promise.all([
      companyRowsByIds(db, starred),
      transportPersonalData(db, meetingIds),
    ]);
    return {
      ...common,
      rendezVous: meetings,
      classes: groups.map((group) => ({
        id: group.id,
        nom: group.name,
        niveau: group.level,
        anneeScolaire: group.schoolYear,
        creeeLe: group.createdAt,
      })),
      favoris: favorites.map((company) => ({ entreprise: company.name, ville: company.city })),
      questionnaires: feedback,
      listesDAttente: waitlist,
      demandesDeTransport: transport,
      alertesHebdomadairesEnvoyees: weeklyAlerts,
    };
  }
  const company = me.companyId === null ? null : await companyRowById(db, me.companyId);
  return {
    ...common,
    entreprise: company && {
      nom: company.name,
      siret: company.siret,
      adresse: company.label,
      role: 'roleDansLEquipe' in account.profil ? account.profil.roleDansLEquipe : null,
    },
    rendezVousTraites: await recruiterMeetingsPersonalData(db, me.id),
    creneauxCommeIntervenant: company ? await speakerPersonalData(db, company.id, email) : [],
  };
}

/**
 * `GET /my-data.json` (API.md): « Mes données » as a download, never kept by a cache. A visitor gets 401, in
 * French, as the other private downloads (the profile's link is only shown to the logged-in).
 */
export function mountMyData(app: Hono<AppEnv>): void {
  app.get(ROUTES.myData, async (c: Context<AppEnv>) => {
    try {
      const data = await myData(c.var.viewer, c.var.deps);
      const day = utcToZonedWallClock(c.var.deps.clock.now(), MAINLAND_TIME_ZONE).date;
      return new Response(`${JSON.stringify(data, null, 2)}\n`, {
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Disposition': `attachment; filename="${myDataFileName(day)}"`,
          'Cache-Control': PRIVATE_NO_STORE,
        },
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'UNAUTHENTICATED')
        return c.text('Connectez-vous pour télécharger vos données.', 401);
      return c.text('Cet export est celui des comptes enseignant et entreprise.', 403);
    }
  });
}
