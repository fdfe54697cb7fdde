import { formatSlotStart } from '../../common/format.ts';
import { defineMailTemplates } from '../mail/index.ts';

/** A teacher's weekly alert: the slots listed, soonest first, and how many more the search shows. */
export interface WeeklyAlertMail {
  firstName: string;
  slots: {
    companyName: string;
    /** The slot's start, ISO-8601 UTC; shown in `timeZone`. */
    startsAt: string;
    timeZone: string;
    meetingTypeLabel: string;
    /** Rounded to the kilometre. */
    distanceKm: number;
    city: string | null;
    /** The company's page, at the slot's week. */
    url: string;
  }[];
  /** Matching slots left out of the e-mail (it lists the first ones). */
  moreCount: number;
  searchUrl: string;
  unsubscribeUrl: string;
}

/** The weekly alert (bulk: it carries a one-click unsubscribe): slots published last week near the teacher. */
export const weeklyAlertMails = defineMailTemplates({
  weeklyAlert: (mail: WeeklyAlertMail) => {
    const total = mail.slots.length + mail.moreCount;
    return {
      subject:
        total > 1
          ? `${total} nouveaux créneaux près de chez vous cette semaine`
          : 'Un nouveau créneau près de chez vous cette semaine',
      heading: 'Les nouveaux créneaux de la semaine',
      firstName: mail.firstName,
      before: [
        total > 1
          ? `${total} créneaux publiés ces 7 derniers jours correspondent à vos critères, à moins de 50 km de votre adresse de référence. Les voici, du plus proche dans le temps au plus lointain :`
          : 'Un créneau publié ces 7 derniers jours correspond à vos critères, à moins de 50 km de votre adresse de référence :',
        ...(mail.moreCount > 0
          ? [`Voici les ${mail.slots.length} premiers ; la recherche vous montre tous les autres.`]
          : []),
      ],
      items: mail.slots.map((slot) => ({
        title: slot.companyName,
        url: slot.url,
        lines: [
          `${slot.meetingTypeLabel} le ${formatSlotStart(slot.startsAt, slot.timeZone)}`,
          [slot.city, `${slot.distanceKm < 1 ? 'moins d’1' : slot.distanceKm} km`]
            .filter(Boolean)
            .join(' · '),
        ],
      })),
      action:
        mail.moreCount > 0
          ? { label: 'Voir tous les créneaux autour de moi', url: mail.searchUrl }
          : { label: 'Chercher d’autres entreprises', url: mail.searchUrl },
      unsubscribe: {
        reason:
          'Vous recevez cet e-mail chaque lundi parce que vous avez demandé l’alerte des nouveaux créneaux dans votre profil.',
        url: mail.unsubscribeUrl,
      },
    };
  },
});
