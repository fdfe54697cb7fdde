import {
  AudioTrack,
  CarouselLayout,
  ChatCloseIcon,
  ChatIcon,
  ChatToggle,
  ConnectionQualityIndicator,
  DisconnectButton,
  FocusLayoutContainer,
  FocusToggleIcon,
  isTrackReference,
  LayoutContextProvider,
  LeaveIcon,
  MediaDeviceMenu,
  ParticipantContext,
  ParticipantName,
  ParticipantPlaceholder,
  RoomAudioRenderer,
  RoomContext,
  StartAudio,
  TrackLoop,
  TrackMutedIndicator,
  TrackRefContext,
  type TrackReferenceOrPlaceholder,
  TrackToggle,
  UnfocusToggleIcon,
  useChat,
  useConnectionState,
  useCreateLayoutContext,
  useEnsureTrackRef,
  useFocusToggle,
  useGridLayout,
  useLocalParticipantPermissions,
  usePagination,
  useParticipantTile,
  usePinnedTracks,
  useTracks,
  VideoTrack,
} from '@livekit/components-react';
import { ConnectionState, type Participant, type Room, RoomEvent, Track } from 'livekit-client';
import {
  type CSSProperties,
  type FormEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { VIDEO_ATTRIBUTES } from '../../common/video.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { type CaptionLine, useCaptions, useParticipants } from './room-model.ts';
import type { ParticipantView, RoomSession } from './room-port.ts';

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

/** A device's switch and menu keep their own height in a wrapped bar (LiveKit stretches them to the bar's). */
const BUTTON_GROUP_STYLE: CSSProperties = { height: 'auto' };

/** The leave button's words and border on the dark control bar (8:1 on it). */
const LEAVE_COLOUR = '#ff9a70';

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
              <p>La scène est vide pour le moment : l’organisateur n’est pas encore arrivé.</p>
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
        <Chat open={chatOpen} />
      </div>
    </LayoutContextProvider>
  );
}

function Grid({ tracks }: { tracks: TrackReferenceOrPlaceholder[] }) {
  const grid = useRef<HTMLDivElement>(null);
  const { layout } = useGridLayout(grid as RefObject<HTMLDivElement>, tracks.length);
  const pages = usePagination(layout.maxTiles, tracks);
  return (
    <div ref={grid} className="lk-grid-layout" data-lk-pagination={pages.totalPageCount > 1}>
      <TrackLoop tracks={pages.tracks}>
        <Tile />
      </TrackLoop>
      {pages.totalPageCount > 1 && (
        <nav aria-label="Pages des participants" className="lk-pagination-control" data-lk-user-interaction>
          <button type="button" className="lk-button" onClick={pages.prevPage} aria-label="Page précédente">
            <span aria-hidden="true">‹</span>
          </button>
          <span className="lk-pagination-count">
            <span aria-hidden="true">
              {pages.currentPage} / {pages.totalPageCount}
            </span>
            <span className="sr-only">
              Page {pages.currentPage} sur {pages.totalPageCount}
            </span>
          </span>
          <button type="button" className="lk-button" onClick={pages.nextPage} aria-label="Page suivante">
            <span aria-hidden="true">›</span>
          </button>
        </nav>
      )}
    </div>
  );
}

/** A participant's camera (or placeholder) or shared screen, named, with their microphone's state. */
function Tile({ trackRef }: { trackRef?: TrackReferenceOrPlaceholder }) {
  const track = useEnsureTrackRef(trackRef);
  const { elementProps } = useParticipantTile<HTMLDivElement>({ trackRef: track, htmlProps: {} });
  const isScreen = track.source === Track.Source.ScreenShare;
  return (
    <div style={{ position: 'relative' }} {...elementProps}>
      <TrackRefContext.Provider value={track}>
        <ParticipantContext.Provider value={track.participant}>
          {isTrackReference(track) &&
            (track.publication.kind === 'video' || track.source === Track.Source.Camera || isScreen ? (
              <VideoTrack trackRef={track} />
            ) : (
              <AudioTrack trackRef={track} />
            ))}
          <div className="lk-participant-placeholder">
            <ParticipantPlaceholder aria-hidden="true" />
          </div>
          <div className="lk-participant-metadata">
            <div className="lk-participant-metadata-item">
              {isScreen ? (
                <span>
                  Écran de <ParticipantName />
                </span>
              ) : (
                <>
                  <TrackMutedIndicator
                    trackRef={{ participant: track.participant, source: Track.Source.Microphone }}
                    show="muted"
                    role="img"
                    aria-label="Micro coupé"
                  />
                  <ParticipantName />
                  {track.participant.attributes[VIDEO_ATTRIBUTES.handRaisedAt] && (
                    <span className="lk-participant-metadata-item">Main levée</span>
                  )}
                </>
              )}
            </div>
            <ConnectionQualityIndicator className="lk-participant-metadata-item" aria-hidden="true" />
          </div>
          <FocusButton track={track} />
        </ParticipantContext.Provider>
      </TrackRefContext.Provider>
    </div>
  );
}

function FocusButton({ track }: { track: TrackReferenceOrPlaceholder }) {
  const { mergedProps, inFocus } = useFocusToggle({ trackRef: track, props: {} });
  const label = inFocus ? 'Revenir à la grille' : 'Mettre en grand';
  return (
    <button type="button" {...mergedProps} aria-label={label} title={label}>
      {inFocus ? <UnfocusToggleIcon aria-hidden="true" /> : <FocusToggleIcon aria-hidden="true" />}
    </button>
  );
}

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
function ControlBar({
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

/** What LiveKit transcribes, the latest lines, each with who said it; a line still being heard is lighter. */
function Captions({ lines }: { lines: CaptionLine[] }) {
  return (
    <section aria-label="Sous-titres" className="bg-black/80 px-4 py-2 text-white">
      {lines.map((line) => (
        <p key={line.id} className={line.final ? undefined : 'opacity-80'}>
          {line.speaker && <strong>{line.speaker} : </strong>}
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
        ? 'L’organisateur vous invite sur scène : activez votre micro et votre caméra pour prendre la parole.'
        : 'Vous êtes de retour dans le public.',
    );
  }, [onStage]);
  return (
    <p role="status" className={text ? 'mt-3 rounded-lg bg-purple-light p-3 font-semibold' : 'sr-only'}>
      {text}
    </p>
  );
}

const timeOf = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'short' });

/** The room's chat: messages reach those present when they are sent, and are kept nowhere. */
function Chat({ open }: { open: boolean }) {
  const { chatMessages, send, isSending } = useChat();
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const list = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new message scrolls to the end.
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [chatMessages.length]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    await send(text);
    setDraft('');
  }

  return (
    <section className="lk-chat" aria-label="Discussion" style={{ display: open ? 'grid' : 'none' }}>
      <div className="lk-chat-header">
        Discussion
        <ChatToggle className="lk-close-button" aria-label="Fermer la discussion">
          <ChatCloseIcon aria-hidden="true" />
        </ChatToggle>
      </div>
      <ol className="lk-list lk-chat-messages" ref={list} aria-live="polite">
        {chatMessages.map((message) => (
          <li key={message.id ?? message.timestamp} className="lk-chat-entry" data-lk-message-origin="remote">
            <span className="lk-meta-data">
              <strong className="lk-participant-name">
                {message.from?.name || message.from?.identity || 'Participant'}
              </strong>{' '}
              <span className="lk-timestamp">{timeOf.format(message.timestamp)}</span>
            </span>
            <span className="lk-message-body">{message.message}</span>
          </li>
        ))}
      </ol>
      <form className="lk-chat-form" onSubmit={submit}>
        <label htmlFor={inputId} className="sr-only">
          Votre message
        </label>
        <input
          id={inputId}
          className="lk-form-control lk-chat-form-input"
          type="text"
          value={draft}
          placeholder="Écrire un message…"
          disabled={isSending}
          onChange={(event) => setDraft(event.target.value)}
          // The room's shortcuts must not fire while typing.
          onKeyDown={(event) => event.stopPropagation()}
        />
        <button type="submit" className="lk-button lk-chat-form-button" disabled={isSending}>
          Envoyer
        </button>
      </form>
    </section>
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
