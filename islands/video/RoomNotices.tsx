import { useState } from 'react';
import { ROUTES } from '../../common/routes.ts';
import { Button } from '../ui/Button.tsx';
import { OpensCountdown } from './RoomOpening.tsx';
import type { VideoRoomProps } from './room-port.ts';
import type { JoinFailure } from './room-state.ts';
import {
  closedSentence,
  opensSentence,
  ROOM_UNAVAILABLE,
  SERVER_UNREACHABLE,
  windowSentence,
} from './room-text.ts';

/** The class waits for the host: said once, kept while it asks again, with a way out. */
export function LobbyNotice({ props }: { props: VideoRoomProps }) {
  return (
    <section aria-labelledby="salle-attente" className="flex flex-col gap-3 rounded-2xl bg-purple-light p-6">
      <h2 id="salle-attente">En attente de l’organisateur</h2>
      <p role="status">
        L’organisateur n’a pas encore ouvert la salle. Vous entrerez automatiquement dès qu’il l’ouvrira :
        gardez cette page ouverte.
      </p>
      <p>
        <a className="link" href={props.returnUrl}>
          Quitter la salle d’attente
        </a>
      </p>
    </section>
  );
}

/**
 * The room said « closed » before its end: too early. Read against the end rather than the opening, so
 * that a browser whose clock runs a little ahead of the server's still counts down (to an opening it
 * then tries at once) instead of saying the room closed at a time still to come.
 */
const opensLater = (failure: { closesAt: string }, now = new Date()) => now < new Date(failure.closesAt);

const SKEW_RETRY_MS = 5000;

interface FailureText {
  title: string;
  detail?: string;
  retry?: string;
  externalLink?: string | null;
  /** A network problem: « Tester ma connexion » says what the network blocks, and what to ask the IT. */
  connectionTest?: boolean;
}

/**
 * Each failure's own French message and its way forward, worded for the side that reads it: the company
 * hosting (role "host") is not told about a school's network, nor a class about what only the host can do.
 */
export function failureText(
  failure: JoinFailure,
  room: Pick<VideoRoomProps, 'opensAt' | 'closesAt' | 'timeZone' | 'role'>,
  now = new Date(),
): FailureText {
  switch (failure.kind) {
    case 'unreachable':
      return {
        title: SERVER_UNREACHABLE,
        detail:
          room.role === 'host'
            ? 'Vérifiez votre connexion à Internet : le réseau de votre entreprise (pare-feu, VPN) bloque peut-être la visioconférence. Réessayez dans un instant.'
            : 'Vérifiez votre connexion à Internet : le réseau de votre établissement bloque peut-être la visioconférence. Réessayez dans un instant.',
        retry: 'Réessayer',
        connectionTest: true,
      };
    case 'expired':
      return {
        title: 'Votre accès à la salle n’est plus valable.',
        detail: windowSentence(room.opensAt, room.closesAt, room.timeZone),
        retry: 'Rejoindre à nouveau',
      };
    case 'closed':
      return {
        title: 'La salle est fermée.',
        detail: opensLater(failure, now)
          ? opensSentence(failure.opensAt, room.timeZone)
          : closedSentence(failure.closesAt, room.timeZone),
      };
    case 'unavailable':
      return { title: ROOM_UNAVAILABLE, externalLink: failure.externalLink };
    case 'forbidden':
      return {
        title: 'Vous n’avez plus accès à cette salle.',
        detail:
          room.role === 'host'
            ? 'Seules les personnes de l’entreprise qui organise la rencontre peuvent l’animer : votre compte n’y est peut-être plus rattaché.'
            : 'Seules l’entreprise qui organise la rencontre et les classes inscrites peuvent y entrer : votre réservation a peut-être été annulée.',
      };
    case 'lost':
      return {
        title: 'La connexion à la salle a été interrompue.',
        retry: 'Rejoindre à nouveau',
        connectionTest: true,
      };
    case 'removed':
      return { title: 'L’organisateur vous a retiré de la salle.' };
    case 'ended':
      return {
        title:
          room.role === 'host'
            ? 'Vous avez mis fin à la rencontre pour tous.'
            : 'L’organisateur a fermé la salle.',
      };
    case 'duplicate':
      return {
        title: 'Vous avez rejoint la salle depuis un autre onglet ou un autre appareil.',
        retry: 'Revenir dans la salle ici',
      };
    case 'api':
      return { title: failure.message, retry: 'Réessayer' };
  }
}

export function FailureNotice({
  failure,
  props,
  canRetry,
  onRetry,
  onOpened,
}: {
  failure: JoinFailure;
  props: VideoRoomProps;
  canRetry: boolean;
  onRetry(): void;
  /** The closed room's opening time came. */
  onOpened(): void;
}) {
  const text = failureText(failure, props);
  const opening = failure.kind === 'closed' && opensLater(failure);
  // A clock ahead of the server's sees the opening passed already: a few seconds before trying again.
  const [countTo] = useState(() =>
    failure.kind === 'closed'
      ? new Date(Math.max(new Date(failure.opensAt).getTime(), Date.now() + SKEW_RETRY_MS)).toISOString()
      : '',
  );
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-2xl border-2 border-error-text bg-error-light p-6"
    >
      <p className="text-lg font-bold">{text.title}</p>
      {text.detail && <p>{text.detail}</p>}
      {opening && <OpensCountdown opensAt={countTo} onOpened={onOpened} />}
      <div className="flex flex-wrap items-center gap-4">
        {text.retry && (
          <Button color="purple" onClick={onRetry} disabled={!canRetry}>
            {text.retry}
          </Button>
        )}
        {text.externalLink && (
          <Button variant="outline" color="purple" href={text.externalLink} target="_blank" rel="noreferrer">
            {props.role === 'host'
              ? 'Ouvrir le lien de visioconférence de votre créneau (site externe, nouvelle fenêtre)'
              : 'Rejoindre par le lien de l’entreprise (site externe, nouvelle fenêtre)'}
          </Button>
        )}
        {text.connectionTest && (
          <a className="link" href={ROUTES.connectionTest} target="_blank" rel="noreferrer">
            Tester ma connexion (nouvel onglet)
          </a>
        )}
        {!text.retry && (
          <a className="link" href={props.returnUrl}>
            {props.returnLabel}
          </a>
        )}
      </div>
    </div>
  );
}
