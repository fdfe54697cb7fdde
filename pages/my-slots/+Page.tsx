import { useData } from 'vike-react/useData';
import { ROUTES } from '../../common/routes.ts';
import { Island } from '../../islands/Island.tsx';
import { SlotActions } from '../../islands/slots/SlotActions.tsx';
import { Button } from '../../islands/ui/Button.tsx';
import { Card } from '../../islands/ui/Card.tsx';
import { TabLinks } from '../../islands/ui/TabLinks.tsx';
import type { Data, Period } from './+data.ts';
import { RoomMissingWarning, SlotFacts, SlotHeading, SlotStateBadge, slotWhen } from './SlotSummary.tsx';

const TABS: { period: Period; label: string; href: string }[] = [
  { period: 'upcoming', label: 'À venir', href: ROUTES.mySlots },
  { period: 'past', label: 'Passés', href: `${ROUTES.mySlots}?periode=passes` },
];

/** The company's slots, upcoming or past, as cards with their state and seats (issue 4, Companies). */
export default function Page() {
  const { period, notice, slots, departmentCode } = useData<Data>();
  return (
    <div className="page flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1>Gérer mes créneaux</h1>
        <Button href={ROUTES.newSlot}>Créer un créneau</Button>
      </div>
      {notice && (
        <p role="status" className="rounded-lg border-2 border-green-text bg-green-light p-4 font-medium">
          {notice}
        </p>
      )}
      <TabLinks label="Période" tabs={TABS} current={TABS.find((tab) => tab.period === period)?.href ?? ''} />
      {slots.length === 0 ? (
        <EmptyList period={period} />
      ) : (
        <ul
          className="flex flex-col gap-4"
          aria-label={period === 'upcoming' ? 'Créneaux à venir' : 'Créneaux passés'}
        >
          {slots.map((slot) => (
            <Card as="li" key={slot.id} className="flex flex-col gap-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <SlotHeading slot={slot} />
                <SlotStateBadge slot={slot} />
              </div>
              <SlotFacts slot={slot} />
              {slot.roomMissing && <RoomMissingWarning slotId={slot.id} when={slotWhen(slot)} />}
              {period === 'upcoming' &&
                (slot.started ? (
                  <p className="text-sm text-grey-text">
                    Ce créneau a commencé : il ne peut plus être modifié.
                  </p>
                ) : (
                  <div className="flex flex-wrap gap-3">
                    <Button size="m" variant="outline" href={`${ROUTES.editSlot}?id=${slot.id}`}>
                      Modifier<span className="sr-only"> le créneau du {slotWhen(slot)}</span>
                    </Button>
                    <Island
                      name="SlotActions"
                      component={SlotActions}
                      props={{
                        slotId: slot.id,
                        when: slotWhen(slot),
                        date: slot.date,
                        today: slot.today,
                        bookingsCount: slot.bookingsCount,
                        seatsTaken: slot.seatsTaken,
                        waitingCount: slot.waitlistLength,
                        departmentCode,
                      }}
                    />
                  </div>
                ))}
            </Card>
          ))}
        </ul>
      )}
    </div>
  );
}

function EmptyList({ period }: { period: Period }) {
  return (
    <Card className="flex flex-col gap-3">
      {period === 'upcoming' ? (
        <>
          <p className="font-semibold">Vous n’avez aucun créneau à venir.</p>
          <p>
            Publiez un créneau de visite, d’intervention ou de webinaire : les enseignants pourront le
            réserver aussitôt.
          </p>
          <p>
            <a className="link" href={ROUTES.newSlot}>
              Créer un créneau
            </a>
          </p>
        </>
      ) : (
        <p>Aucun créneau passé pour l’instant.</p>
      )}
    </Card>
  );
}
