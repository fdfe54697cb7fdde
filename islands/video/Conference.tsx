import {
  CarouselLayout,
  FocusLayoutContainer,
  isTrackReference,
  LayoutContextProvider,
  RoomAudioRenderer,
  RoomContext,
  type TrackReferenceOrPlaceholder,
  useConnectionState,
  useCreateLayoutContext,
  usePinnedTracks,
  useTracks,
} from '@livekit/components-react';
import { ConnectionState, type Participant, type Room, RoomEvent, Track } from 'livekit-client';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { VIDEO_ATTRIBUTES } from '../../common/video.ts';
import { Grid, Tile } from './ConferenceTiles.tsx';
import { ControlBar } from './ControlBar.tsx';
import { RoomChat } from './RoomChat.tsx';
import { type CaptionLine, useCaptions, useParticipants } from './room-model.ts';
import type { RoomSession } from './room-port.ts';

/**
 * The room once connected, composed from @livekit/components-react 2.9 rather than its VideoConference
 * prefab, whose control bar, chat, tiles and pagination are written in English: the same layout (a grid,
 * or one tile in focus beside a carousel; a shared screen comes into focus by itself), in French. In a
 * webinar only the stage (the host and the classes brought on it) has tiles; the classes raise their hand;
 * the transcription LiveKit delivers shows as captions, which a switch hides.
 */

/** LiveKit's default theme, with an accent and a danger colour that white text can be read on (AA). */
const THEME = {
  '--lk-accent-bg': '#1f4fd1',
  '--lk-accent-fg': '#ffffff',
  '--lk-danger': '#b33600',
  '--lk-danger-fg': '#ffffff',
} as CSSProperties;

/**
 * LiveKit's stylesheet is not in a cascade layer, so its `.lk-room-container { height: 100% }` beats any
 * Tailwind class: the room's height is set inline, or the room collapses to its control bar.
 */
const ROOM_STYLE = { ...THEME, height: 'min(80dvh, 48rem)' } as CSSProperties;

/**
 * The stage takes what the captions and the control bar leave (LiveKit gives it the room's height less
 * one bar's, which a wrapped bar or captions would push out of the room).
 */
const STAGE_STYLE: CSSProperties = { height: 'auto', flex: '1 1 0', minHeight: 0 };

export function Conference({ room, session }: { room: Room; session: RoomSession }) {
  return (
    <RoomContext.Provider value={room}>
      <section
        aria-label="Salle de visioconférence"
        data-lk-theme="default"
        className="lk-room-container overflow-hidden rounded-2xl"
        style={ROOM_STYLE}
      >
        <Layout room={room} session={session} />
        <RoomAudioRenderer />
        <ConnectionNotice />
      </section>
      {session.mode === 'webinar' && session.role === 'participant' && <StageNotice room={room} />}
    </RoomContext.Provider>
  );
}

/** In a webinar, the stage: the host, and the classes the host brought on it (who may publish). */
function isOnStage(participant: Participant): boolean {
  return participant.attributes[VIDEO_ATTRIBUTES.role] === 'host' || !!participant.permissions?.canPublish;
}

const sameTrack = (a: TrackReferenceOrPlaceholder, b: TrackReferenceOrPlaceholder | undefined) =>
  !!b && a.participant.identity === b.participant.identity && a.source === b.source;

function Layout({ room, session }: { room: Room; session: RoomSession }) {
  const [chatOpen, setChatOpen] = useState(false);
  const [showCaptions, setShowCaptions] = useState(true);
  // Re-renders on permission and attribute changes: who is on stage, whose hand is up.
  const people = useParticipants(room);
  const captions = useCaptions(room);
  const all = useTracks(
    [
      { source: Track.Source.Camera, withPlaceholder: true },
      { source: Track.Source.ScreenShare, withPlaceholder: false },
    ],
    { updateOnlyOn: [RoomEvent.ActiveSpeakersChanged], onlySubscribed: false },
  );
  const tracks = session.mode === 'webinar' ? all.filter((track) => isOnStage(track.participant)) : all;
  const layout = useCreateLayoutContext();
  const focused = usePinnedTracks(layout)?.[0];
  const screens = tracks.filter(
    (track) => isTrackReference(track) && track.publication.source === Track.Source.ScreenShare,
  );
  const autoFocused = useRef<TrackReferenceOrPlaceholder | null>(null);
  const screenKey = screens
    .map((track) => `${track.publication?.trackSid}_${track.publication?.isSubscribed}`)
    .join();

  // A screen shared comes into focus unless someone is pinned; it leaves when the sharing stops.
  // biome-ignore lint/correctness/useExhaustiveDependencies: screenKey stands for the screens.
  useEffect(() => {
    const [screen] = screens;
    if (screen?.publication?.isSubscribed && autoFocused.current === null) {
      layout.pin.dispatch?.({ msg: 'set_pin', trackReference: screen });
      autoFocused.current = screen;
    } else if (
      autoFocused.current &&
      !screens.some((track) => track.publication?.trackSid === autoFocused.current?.publication?.trackSid)
    ) {
      layout.pin.dispatch?.({ msg: 'clear_pin' });
      autoFocused.current = null;
    }
  }, [screenKey, layout]);

  return (
    <LayoutContextProvider value={layout} onWidgetChange={(state) => setChatOpen(!!state.showChat)}>
      <div className="lk-video-conference">
        <div className="lk-video-conference-inner">
          {focused ? (
            <div className="lk-focus-layout-wrapper" style={STAGE_STYLE}>
              <FocusLayoutContainer>
                <CarouselLayout tracks={tracks.filter((track) => !sameTrack(track, focused))}>
                  <Tile />
                </CarouselLayout>
                <Tile trackRef={focused} />
              </FocusLayoutContainer>
            </div>
          ) : tracks.length === 0 ? (
            <div
              className="lk-grid-layout-wrapper items-center justify-center p-6 text-center"
              style={STAGE_STYLE}
            >
              <p>La scène est vide pour le moment : l’organisateur n’est pas encore arrivé.</p>
            </div>
          ) : (
            <div className="lk-grid-layout-wrapper" style={STAGE_STYLE}>
              <Grid tracks={tracks} />
            </div>
          )}
          {showCaptions && captions.length > 0 && <Captions lines={captions} />}
          <ControlBar
            session={session}
            me={people.find((person) => person.isLocal)}
            captions={captions.length > 0 ? { shown: showCaptions, toggle: setShowCaptions } : null}
          />
        </div>
        <RoomChat open={chatOpen} />
      </div>
    </LayoutContextProvider>
  );
}

/** What LiveKit transcribes, the latest lines, each with who said it; a line still being heard is lighter. */
function Captions({ lines }: { lines: CaptionLine[] }) {
  return (
    <section aria-label="Sous-titres" className="bg-black/80 px-4 py-2 text-white">
      {lines.map((line) => (
        <p key={line.id} className={line.final ? undefined : 'opacity-80'}>
          {line.speaker && <strong>{line.speaker} : </strong>}
          {line.text}
        </p>
      ))}
    </section>
  );
}

/** A class brought on stage, or sent back, is told so, and what it can do now. */
function StageNotice({ room }: { room: Room }) {
  const me = useParticipants(room).find((person) => person.isLocal);
  const wasOnStage = useRef(me?.canPublish ?? false);
  const [text, setText] = useState<string | null>(null);
  const onStage = me?.canPublish ?? false;
  useEffect(() => {
    if (onStage === wasOnStage.current) return;
    wasOnStage.current = onStage;
    setText(
      onStage
        ? 'L’organisateur vous invite sur scène : activez votre micro et votre caméra pour prendre la parole.'
        : 'Vous êtes de retour dans le public.',
    );
  }, [onStage]);
  return (
    <p role="status" className={text ? 'mt-3 rounded-lg bg-purple-light p-3 font-semibold' : 'sr-only'}>
      {text}
    </p>
  );
}

/** What LiveKit's connection toast says, in French. */
function ConnectionNotice() {
  const state = useConnectionState();
  const text =
    state === ConnectionState.Reconnecting || state === ConnectionState.SignalReconnecting
      ? 'Connexion perdue, reconnexion en cours…'
      : state === ConnectionState.Connecting
        ? 'Connexion à la salle…'
        : null;
  return (
    <div role="status" className={text ? 'lk-toast lk-toast-connection-state' : 'sr-only'}>
      {text}
    </div>
  );
}
