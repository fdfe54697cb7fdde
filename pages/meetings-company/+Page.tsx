import { useData } from 'vike-react/useData';
import { ROUTES } from '../../common/routes.ts';
import { FEEDBACK_RESULTS_ANCHOR } from '../../islands/feedback/FeedbackParts.tsx';
import { Island } from '../../islands/Island.tsx';
import { CalendarFeed } from '../../islands/meetings/CalendarFeed.tsx';
import { MeetingList, MeetingPeriodTabs } from '../../islands/meetings/MeetingParts.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { period, meetings, hasFeed, feedPlain } = useData<Data>();
  return (
    <div className="page flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1>Mes créneaux</h1>
        <p>Les rendez-vous réservés par les enseignants sur vos créneaux.</p>
      </div>
      <MeetingPeriodTabs basePath={ROUTES.meetingsCompany} period={period} />
      {period === 'past' && (
        <p>
          Un groupe n’est pas venu ? Signalez-le depuis le détail du rendez-vous, dans les 7 jours. Les avis
          des enseignants sur vos rencontres sont sur la page{' '}
          <a className="link" href={`${ROUTES.myCompany}#${FEEDBACK_RESULTS_ANCHOR}`}>
            Mon entreprise
          </a>
          .
        </p>
      )}
      <MeetingList
        meetings={meetings}
        side="company"
        empty={
          period === 'upcoming' ? (
            <p>
              Aucune réservation à venir sur vos créneaux.{' '}
              <a className="link" href={ROUTES.mySlots}>
                Gérer mes créneaux
              </a>
            </p>
          ) : (
            <p>Aucun rendez-vous terminé pour le moment.</p>
          )
        }
      />
      <Island name="CalendarFeed" component={CalendarFeed} props={{ hasFeed, plain: feedPlain }} />
    </div>
  );
}
