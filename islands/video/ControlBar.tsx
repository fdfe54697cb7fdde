import {
  ChatIcon,
  ChatToggle,
  DisconnectButton,
  LeaveIcon,
  MediaDeviceMenu,
  StartAudio,
  TrackToggle,
  useLocalParticipantPermissions,
} from '@livekit/components-react';
import { Track } from 'livekit-client';
import { type CSSProperties, useState } from 'react';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import type { ParticipantView, RoomSession } from './room-port.ts';

/** A device's switch and menu keep their own height in a wrapped bar (LiveKit stretches them to the bar's). */
const BUTTON_GROUP_STYLE: CSSProperties = { height: 'auto' };

/** The leave button's words and border on the dark control bar (8:1 on it). */
const LEAVE_COLOUR = '#ff9a70';

/** canPublishSources lists the protocol's numbers: camera 1, microphone 2, screen share 3. */
const PROTOCOL_SOURCE: Partial<Record<Track.Source, number>> = {
  [Track.Source.Camera]: 1,
  [Track.Source.Microphone]: 2,
  [Track.Source.ScreenShare]: 3,
};

/**
 * Microphone, camera (each with its device menu) when the viewer may publish, screen sharing for the
 * host, a class's raised hand, the captions' switch when there are captions, chat, and leaving.
 */
export function ControlBar({
  session,
  me,
  captions,
}: {
  session: RoomSession;
  me: ParticipantView | undefined;
  captions: { shown: boolean; toggle(shown: boolean): void } | null;
}) {
  const permissions = useLocalParticipantPermissions();
  const [sharing, setSharing] = useState(false);
  const may = (source: Track.Source) =>
    !!permissions?.canPublish &&
    (permissions.canPublishSources.length === 0 ||
      permissions.canPublishSources.includes(PROTOCOL_SOURCE[source] ?? -1));
  const screenSharing = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia;
  return (
    // Wrapped on a phone (or beside the host's panel) rather than cut off: LiveKit's bar never wraps.
    <div
      className="lk-control-bar"
      role="toolbar"
      aria-label="Commandes de la salle"
      style={{ flexWrap: 'wrap', maxHeight: 'none', flexShrink: 0 }}
    >
      {may(Track.Source.Microphone) && (
        <div className="lk-button-group" style={BUTTON_GROUP_STYLE}>
          <TrackToggle source={Track.Source.Microphone}>Micro</TrackToggle>
          <div className="lk-button-group-menu">
            <MediaDeviceMenu kind="audioinput" aria-label="Choisir le micro" />
          </div>
        </div>
      )}
      {may(Track.Source.Camera) && (
        <div className="lk-button-group" style={BUTTON_GROUP_STYLE}>
          <TrackToggle source={Track.Source.Camera}>Caméra</TrackToggle>
          <div className="lk-button-group-menu">
            <MediaDeviceMenu kind="videoinput" aria-label="Choisir la caméra" />
          </div>
        </div>
      )}
      {may(Track.Source.ScreenShare) && screenSharing && (
        <TrackToggle
          source={Track.Source.ScreenShare}
          captureOptions={{ audio: true, selfBrowserSurface: 'include' }}
          onChange={(enabled) => setSharing(enabled)}
        >
          {sharing ? 'Arrêter le partage' : 'Partager l’écran'}
        </TrackToggle>
      )}
      {session.role === 'participant' && <HandButton slotId={session.slotId} raised={!!me?.handRaisedAt} />}
      {captions && (
        <button
          type="button"
          className="lk-button"
          aria-pressed={captions.shown}
          onClick={() => captions.toggle(!captions.shown)}
        >
          Sous-titres
        </button>
      )}
      {permissions?.canPublishData && (
        <ChatToggle>
          <ChatIcon aria-hidden="true" />
          Discussion
        </ChatToggle>
      )}
      {/* LiveKit writes it in the danger colour on the dark bar; ours is for white on it, too dark here. */}
      <DisconnectButton style={{ color: LEAVE_COLOUR, borderColor: LEAVE_COLOUR }}>
        <LeaveIcon aria-hidden="true" />
        Quitter la salle
      </DisconnectButton>
      <StartAudio label="Activer le son" />
    </div>
  );
}

const RAISE_HAND = 'mutation RaiseHand($slotId: ID!) { raiseHand(slotId: $slotId) }';
const LOWER_HAND = 'mutation LowerHand($slotId: ID!) { lowerHand(slotId: $slotId) }';

/**
 * A class asks to speak: the server raises (or lowers) its hand in LiveKit, and the button follows the
 * attribute LiveKit then sends back, so every screen agrees on it.
 */
function HandButton({ slotId, raised }: { slotId: number; raised: boolean }) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function toggle() {
    setSending(true);
    setFailure(null);
    try {
      await gqlRequest(
        raised ? LOWER_HAND : RAISE_HAND,
        { slotId: String(slotId) },
        raised ? 'LowerHand' : 'RaiseHand',
      );
    } catch (error) {
      setFailure(error instanceof GraphQLRequestError ? error.message : 'La main n’a pas pu être levée.');
    } finally {
      setSending(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className="lk-button"
        aria-pressed={raised}
        disabled={sending}
        onClick={() => void toggle()}
      >
        {raised ? 'Baisser la main' : 'Lever la main'}
      </button>
      <span role="alert" className={failure ? 'lk-toast' : 'sr-only'}>
        {failure}
      </span>
    </>
  );
}
