import { useData } from 'vike-react/useData';
import { ROUTES } from '../../common/routes.ts';
import { MeetingList } from '../../islands/meetings/MeetingParts.tsx';
import { Button } from '../../islands/ui/Button.tsx';
import { Card } from '../../islands/ui/Card.tsx';
import { SlotFacts, SlotHeading, SlotStateBadge } from '../my-slots/SlotSummary.tsx';
import type { Data } from './+data.ts';
import { FirstSteps } from './FirstSteps.tsx';

/**
 * "Mon espace" of a company: what a new company has left to do, its next meetings and its slots still open
 * to bookings (issue 4, Both). « Créer un créneau » is offered once, below the slots.
 */
export default function Page() {
  const { firstName, firstSteps, meetings, openSlots } = useData<Data>();
  return (
    <div className="page flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1>Mon espace</h1>
        {firstName && <p className="text-lg">Bonjour {firstName} !</p>}
      </div>

      {firstSteps && <FirstSteps {...firstSteps} />}

      <section aria-labelledby="prochaines-rencontres" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="prochaines-rencontres">Vos prochaines rencontres</h2>
          <a className="link" href={ROUTES.meetingsCompany}>
            Toutes mes rencontres
          </a>
        </div>
        <MeetingList
          meetings={meetings}
          side="company"
          headingLevel={3}
          empty={
            <p>
              Aucune rencontre à venir pour l’instant : elles apparaîtront ici dès qu’un enseignant réservera
              l’un de vos créneaux.
            </p>
          }
        />
      </section>

      <section aria-labelledby="creneaux-libres" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="creneaux-libres">Vos créneaux avec des places libres</h2>
          <a className="link" href={ROUTES.mySlots}>
            Gérer mes créneaux
          </a>
        </div>
        {openSlots.length === 0 ? (
          <Card>
            <p>Vous n’avez aucun créneau à venir avec des places libres.</p>
          </Card>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {openSlots.map((slot) => (
              <Card as="li" key={slot.id} className="flex flex-col gap-3">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <SlotHeading slot={slot} level={3} />
                  <SlotStateBadge slot={slot} />
                </div>
                <SlotFacts slot={slot} />
              </Card>
            ))}
          </ul>
        )}
        <div>
          <Button href={ROUTES.newSlot} variant="outline">
            Créer un créneau
          </Button>
        </div>
      </section>
    </div>
  );
}
