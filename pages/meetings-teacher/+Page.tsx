import { useData } from 'vike-react/useData';
import { ROUTES } from '../../common/routes.ts';
import { WAITLIST_SECTION_ID } from '../../common/waitlist.ts';
import { Island } from '../../islands/Island.tsx';
import { CalendarFeed } from '../../islands/meetings/CalendarFeed.tsx';
import { MeetingList, MeetingPeriodTabs } from '../../islands/meetings/MeetingParts.tsx';
import { OfflineTickets } from '../../islands/meetings/OfflineTickets.tsx';
import { WaitlistSection } from '../../islands/meetings/Waitlist.tsx';
import { postponedAnswers } from '../layout/PostponedAnswers.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { period, meetings, hasFeed, feedPlain, waitlist, tickets, waitlistPlain, keep } = useData<Data>();
  return (
    <div className="page flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1>Mes créneaux</h1>
        <p>Vos rendez-vous avec les entreprises : visites, interventions et webinaires.</p>
      </div>
      <MeetingPeriodTabs basePath={ROUTES.meetingsTeacher} period={period} />
      <MeetingList
        meetings={meetings}
        side="teacher"
        actions={postponedAnswers(keep)}
        empty={
          period === 'upcoming' ? (
            <p>
              Vous n’avez pas de rendez-vous à venir.{' '}
              <a className="link" href={ROUTES.searchCompanies}>
                Chercher une entreprise
              </a>
            </p>
          ) : (
            <p>Aucun rendez-vous terminé pour le moment.</p>
          )
        }
      />
      {period === 'upcoming' && (
        <section
          id={WAITLIST_SECTION_ID}
          aria-labelledby="liste-attente-titre"
          className="flex flex-col gap-4"
        >
          <h2 id="liste-attente-titre">Liste d’attente</h2>
          <Island
            name="WaitlistSection"
            component={WaitlistSection}
            props={{ items: waitlist, pageUrl: ROUTES.meetingsTeacher, plain: waitlistPlain }}
          />
        </section>
      )}
      <Island name="CalendarFeed" component={CalendarFeed} props={{ hasFeed, plain: feedPlain }} />
      <Island name="OfflineTickets" component={OfflineTickets} props={{ paths: tickets }} />
    </div>
  );
}
