import { type ReactNode, useId, useState } from 'react';
import { elide, formatSlotTime, plural } from '../../common/format.ts';
import type { VideoMode } from '../../common/video.ts';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import type { HostAction, HostControls, RoomClass } from './host-controls.ts';
import type { ParticipantView } from './room-port.ts';

interface HostPanelProps {
  controls: HostControls;
  /** Who is in the room, once the host is in it too; null before. */
  live: ParticipantView[] | null;
  mode: VideoMode;
  timeZone: string;
  /** The meeting was ended for everyone. */
  onEnded(): void;
}

const participants = (count: number) => plural(count, 'participant');

/**
 * The host's side panel (issue 15): the lobby and the button that opens the room, the raised hands in the
 * order they went up, the booked classes with their participants and where each one is — with the
 * controls the host has on them — and the end of the meeting for everyone.
 */
export function HostPanel({ controls, live, mode, timeZone, onEnded }: HostPanelProps) {
  const titleId = useId();
  const [removing, setRemoving] = useState<RoomClass | null>(null);
  const [ending, setEnding] = useState(false);
  const { state, error, pending, stale } = controls;
  const present = new Map((live ?? []).filter((p) => !p.isLocal).map((p) => [p.identity, p]));
  const hands = [...present.values()]
    .filter((participant) => participant.handRaisedAt)
    .sort((a, b) => (a.handRaisedAt ?? '').localeCompare(b.handRaisedAt ?? ''));
  const busy = (action: string, userId?: string) => pending === (userId ? `${action}:${userId}` : action);
  const act = (action: HostAction, userId: string) => () => void controls.act(action, userId);

  async function remove() {
    if (removing && (await controls.act('RemoveParticipant', removing.userId))) setRemoving(null);
  }
  async function end() {
    if (await controls.act('EndMeeting')) {
      setEnding(false);
      onEnded();
    }
  }

  return (
    <aside aria-labelledby={titleId} className="flex flex-col gap-6 rounded-2xl bg-white p-5">
      <h2 id={titleId} className="text-xl">
        Animation de la rencontre
      </h2>
      {/* While a confirmation is open, the refusal is said in it. */}
      <FormAlert message={removing || ending ? null : error} />
      {stale && (
        <p className="text-sm text-grey-text">
          La liste des classes n’a pas pu être mise à jour : elle le sera dès que la connexion reviendra.
        </p>
      )}

      <PanelSection title="Salle d’attente">
        {state?.openedAt ? (
          <p>La salle est ouverte : les classes entrent dès qu’elles la rejoignent.</p>
        ) : (
          <>
            <p>La salle est fermée aux classes : elles attendent ici que vous l’ouvriez.</p>
            {state && state.lobby.length > 0 ? (
              <ul className="flex flex-col gap-1" aria-label="Classes en attente">
                {state.lobby.map((entry) => (
                  <li key={entry.userId}>
                    <strong>{entry.name}</strong>
                    {entry.waitingSince && (
                      <span className="text-grey-text">
                        {' '}
                        — en attente depuis {formatSlotTime(entry.waitingSince, timeZone)}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-grey-text">Aucune classe n’attend pour le moment.</p>
            )}
            <div>
              <Button
                color="purple"
                onClick={() => void controls.open()}
                loading={busy('OpenVideoRoom')}
                disabled={!state}
              >
                Ouvrir la salle aux classes
              </Button>
            </div>
          </>
        )}
      </PanelSection>

      {live && (
        <PanelSection title={`Mains levées (${hands.length})`}>
          {hands.length === 0 ? (
            <p className="text-grey-text">Aucune main levée.</p>
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Mains levées, dans l’ordre">
              {hands.map((participant) => (
                <li key={participant.identity} className="flex flex-col gap-2">
                  <p>
                    <strong>{participant.name}</strong>{' '}
                    <span className="text-grey-text">
                      — levée à {formatSlotTime(participant.handRaisedAt ?? '', timeZone)}
                    </span>
                  </p>
                  <div className="flex flex-wrap gap-2">
                    {mode === 'webinar' && !participant.canPublish && (
                      <Button
                        size="m"
                        color="purple"
                        onClick={act('BringToStage', participant.identity)}
                        loading={busy('BringToStage', participant.identity)}
                      >
                        Inviter sur scène<span className="sr-only"> : {participant.name}</span>
                      </Button>
                    )}
                    <Button
                      size="m"
                      variant="outline"
                      color="black"
                      onClick={act('LowerHand', participant.identity)}
                      loading={busy('LowerHand', participant.identity)}
                    >
                      Baisser la main<span className="sr-only"> {elide('de', participant.name)}</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </PanelSection>
      )}

      <PanelSection title={`Classes inscrites (${state?.classes.length ?? 0})`}>
        {!state ? (
          <p className="text-grey-text">Chargement des classes…</p>
        ) : state.classes.length === 0 ? (
          <p className="text-grey-text">Aucune classe n’est inscrite à cette rencontre.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-grey">
            {state.classes.map((entry) => {
              const here = present.get(entry.userId);
              return (
                <li key={entry.userId} className="flex flex-col gap-2 py-3">
                  <p>
                    <strong>{entry.name}</strong>
                    <br />
                    <span className="text-sm">
                      {participants(entry.participantsCount)} · {whereIs(entry, here, mode, timeZone)}
                    </span>
                  </p>
                  {!entry.removed && (
                    <div className="flex flex-wrap gap-2">
                      {here && mode === 'webinar' && (
                        <Button
                          size="m"
                          color="purple"
                          variant={here.canPublish ? 'outline' : 'default'}
                          onClick={act(here.canPublish ? 'SendBackToAudience' : 'BringToStage', entry.userId)}
                          loading={
                            busy('BringToStage', entry.userId) || busy('SendBackToAudience', entry.userId)
                          }
                        >
                          {here.canPublish ? 'Renvoyer dans le public' : 'Inviter sur scène'}
                          <span className="sr-only"> : {entry.name}</span>
                        </Button>
                      )}
                      {here?.microphone === 'on' && (
                        <Button
                          size="m"
                          variant="outline"
                          color="black"
                          onClick={act('MuteParticipant', entry.userId)}
                          loading={busy('MuteParticipant', entry.userId)}
                        >
                          Couper le micro<span className="sr-only"> {elide('de', entry.name)}</span>
                        </Button>
                      )}
                      {(here || entry.waitingSince) && (
                        <Button size="m" variant="outline" color="error" onClick={() => setRemoving(entry)}>
                          Retirer de la salle<span className="sr-only"> : {entry.name}</span>
                        </Button>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </PanelSection>

      <div>
        <Button variant="outline" color="error" onClick={() => setEnding(true)}>
          Terminer la rencontre pour tous
        </Button>
      </div>

      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Retirer cette classe de la salle ?"
        actions={
          <>
            <Button variant="outline" color="black" onClick={() => setRemoving(null)}>
              Annuler
            </Button>
            <Button
              color="error"
              onClick={() => void remove()}
              loading={busy('RemoveParticipant', removing?.userId)}
            >
              Retirer la classe
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <FormAlert message={removing ? error : null} />
          <p>
            <strong>{removing?.name}</strong> sera déconnectée et ne pourra plus entrer dans la salle de cette
            rencontre.
          </p>
        </div>
      </Dialog>

      <Dialog
        open={ending}
        onClose={() => setEnding(false)}
        title="Terminer la rencontre pour tous ?"
        actions={
          <>
            <Button variant="outline" color="black" onClick={() => setEnding(false)}>
              Annuler
            </Button>
            <Button color="error" onClick={() => void end()} loading={busy('EndMeeting')}>
              Terminer la rencontre
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <FormAlert message={ending ? error : null} />
          <p>Tout le monde sera déconnecté et la salle fermée : personne ne pourra plus y entrer.</p>
        </div>
      </Dialog>
    </aside>
  );
}

function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="text-lg">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Where a class is: removed, in the room (on stage or in the audience, its microphone), waiting, or not come. */
function whereIs(
  entry: RoomClass,
  here: ParticipantView | undefined,
  mode: VideoMode,
  timeZone: string,
): string {
  if (entry.removed) return 'retirée de la salle';
  if (here) {
    const place = mode === 'webinar' ? (here.canPublish ? 'sur scène' : 'dans le public') : 'dans la salle';
    const microphone =
      here.microphone === 'on' ? ', micro ouvert' : here.microphone === 'muted' ? ', micro coupé' : '';
    return `${place}${microphone}`;
  }
  if (entry.waitingSince) return `en attente depuis ${formatSlotTime(entry.waitingSince, timeZone)}`;
  return 'pas encore arrivée';
}
