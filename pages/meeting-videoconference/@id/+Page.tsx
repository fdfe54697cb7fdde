import type { ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { MEETING_TYPE_LABELS } from '../../../common/constants.ts';
import { formatSlotDate, formatSlotHours } from '../../../common/format.ts';
import { Island } from '../../../islands/Island.tsx';
import { Button } from '../../../islands/ui/Button.tsx';
import { RoomOpening } from '../../../islands/video/RoomOpening.tsx';
import {
  closedSentence,
  closesSentence,
  opensSentence,
  ROOM_UNAVAILABLE,
} from '../../../islands/video/room-text.ts';
import { VideoRoom } from '../../../islands/video/VideoRoom.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { room, slot, back } = useData<Data>();
  const { urlPathname } = usePageContext();
  return (
    // The host's side panel sits beside the room: their page is wider.
    <div
      className={`page flex flex-col gap-6 ${room.state === 'open' && room.role === 'host' ? 'max-w-7xl' : 'max-w-5xl'}`}
    >
      <p>
        <a className="link" href={back.href}>
          {back.label}
        </a>
      </p>
      {!slot ? null : (
        <>
          <header className="flex flex-col gap-2">
            <h1>
              {MEETING_TYPE_LABELS[slot.meetingType]} — {slot.companyName}
            </h1>
            <p className="text-lg">
              {formatSlotDate(slot.startsAt, slot.timeZone)},{' '}
              {formatSlotHours(slot.startsAt, slot.endsAt, slot.timeZone)}
            </p>
          </header>
          {room.state === 'open' && (
            <>
              <p>
                {closesSentence(room.closesAt, slot.timeZone)}
                {room.role === 'host' &&
                  (room.mode === 'webinar'
                    ? ' Vous animez le webinaire : les classes y assistent depuis le public, vous pouvez les inviter sur scène.'
                    : ' Vous animez la rencontre : vous pouvez partager votre écran.')}
              </p>
              <Island
                name="VideoRoom"
                component={VideoRoom}
                props={{
                  slotId: slot.id,
                  role: room.role,
                  mode: room.mode,
                  displayName: room.displayName,
                  timeZone: slot.timeZone,
                  opensAt: room.opensAt,
                  closesAt: room.closesAt,
                  returnUrl: back.href,
                  returnLabel: back.label,
                }}
              />
            </>
          )}
          {room.state === 'closed' && (
            <Notice title="La salle est fermée.">
              <p>
                {room.over
                  ? closedSentence(room.closesAt, slot.timeZone)
                  : opensSentence(room.opensAt, slot.timeZone)}
              </p>
              <p>Elle ouvre 15 minutes avant le début de la rencontre et ferme 30 minutes après la fin.</p>
              {!room.over && (
                <>
                  <p>Gardez cette page ouverte : la salle s’affichera d’elle-même à l’heure d’ouverture.</p>
                  <Island name="RoomOpening" component={RoomOpening} props={{ opensAt: room.opensAt }} />
                  <p>
                    <a className="link" href={urlPathname}>
                      Actualiser la page
                    </a>
                  </p>
                </>
              )}
            </Notice>
          )}
          {room.state === 'ended' && (
            <Notice title="La rencontre est terminée.">
              <p>
                {room.host
                  ? 'Vous avez mis fin à la rencontre et fermé la salle : personne ne peut plus y entrer.'
                  : 'L’organisateur a mis fin à la rencontre et fermé la salle.'}
              </p>
            </Notice>
          )}
          {room.state === 'removed' && (
            <Notice title="L’organisateur vous a retiré de cette salle.">
              <p>Vous ne pouvez plus y entrer. Pour toute question, contactez l’entreprise.</p>
            </Notice>
          )}
          {room.state === 'unavailable' && (
            <Notice title={ROOM_UNAVAILABLE}>
              <p>
                Contactez l’autre partie de la rencontre pour convenir d’un autre moyen de vous retrouver.
              </p>
            </Notice>
          )}
          {room.state === 'external' && (
            <Notice
              title={
                room.host
                  ? 'Cette rencontre a lieu sur le service de visioconférence que vous avez indiqué pour ce créneau.'
                  : 'Cette rencontre a lieu sur le service de visioconférence choisi par l’entreprise.'
              }
            >
              <p>
                <Button href={room.externalLink} target="_blank" rel="noreferrer" size="xl">
                  Rejoindre la visioconférence (site externe, nouvelle fenêtre)
                </Button>
              </p>
            </Notice>
          )}
        </>
      )}
    </div>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="salle-etat" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
      <h2 id="salle-etat">{title}</h2>
      {children}
    </section>
  );
}
