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
import { ConnectionState, type Room, RoomEvent, Track } from 'livekit-client';
import {
  type CSSProperties,
  type FormEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

/**
 * The room once connected, composed from @livekit/components-react 2.9 rather than its VideoConference
 * prefab, whose control bar, chat, tiles and pagination are written in English: the same layout (a grid,
 * or one tile in focus beside a carousel; a shared screen comes into focus by itself), in French.
 */

/** LiveKit's default theme, with an accent and a danger colour that white text can be read on (AA). */
const THEME = {
  '--lk-accent-bg': '#1f4fd1',
  '--lk-accent-fg': '#ffffff',
  '--lk-danger': '#b33600',
  '--lk-danger-fg': '#ffffff',
} as CSSProperties;

export function Conference({ room }: { room: Room }) {
  return (
    <RoomContext.Provider value={room}>
      <section
        aria-label="Salle de visioconférence"
        data-lk-theme="default"
        className="lk-room-container h-[min(80dvh,48rem)] overflow-hidden rounded-2xl"
        style={THEME}
      >
        <Layout />
        <RoomAudioRenderer />
        <ConnectionNotice />
      </section>
    </RoomContext.Provider>
  );
}

const sameTrack = (a: TrackReferenceOrPlaceholder, b: TrackReferenceOrPlaceholder | undefined) =>
  !!b && a.participant.identity === b.participant.identity && a.source === b.source;

function Layout() {
  const [chatOpen, setChatOpen] = useState(false);
  const tracks = useTracks(
    [
      { source: Track.Source.Camera, withPlaceholder: true },
      { source: Track.Source.ScreenShare, withPlaceholder: false },
    ],
    { updateOnlyOn: [RoomEvent.ActiveSpeakersChanged], onlySubscribed: false },
  );
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
            <div className="lk-focus-layout-wrapper">
              <FocusLayoutContainer>
                <CarouselLayout tracks={tracks.filter((track) => !sameTrack(track, focused))}>
                  <Tile />
                </CarouselLayout>
                <Tile trackRef={focused} />
              </FocusLayoutContainer>
            </div>
          ) : (
            <div className="lk-grid-layout-wrapper">
              <Grid tracks={tracks} />
            </div>
          )}
          <ControlBar />
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
          <button type="button" className="lk-button" onClick={pages.prevPage}>
            Page précédente
          </button>
          <span className="lk-pagination-count">
            Page {pages.currentPage} sur {pages.totalPageCount}
          </span>
          <button type="button" className="lk-button" onClick={pages.nextPage}>
            Page suivante
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
                    aria-label="Micro coupé"
                  />
                  <ParticipantName />
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

/** Microphone, camera (each with its device menu), screen sharing for the host, chat, and leaving. */
function ControlBar() {
  const permissions = useLocalParticipantPermissions();
  const [sharing, setSharing] = useState(false);
  const may = (source: Track.Source) =>
    !!permissions?.canPublish &&
    (permissions.canPublishSources.length === 0 ||
      permissions.canPublishSources.includes(PROTOCOL_SOURCE[source] ?? -1));
  const screenSharing = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia;
  return (
    <div className="lk-control-bar" role="toolbar" aria-label="Commandes de la salle">
      {may(Track.Source.Microphone) && (
        <div className="lk-button-group">
          <TrackToggle source={Track.Source.Microphone}>Micro</TrackToggle>
          <div className="lk-button-group-menu">
            <MediaDeviceMenu kind="audioinput" aria-label="Choisir le micro" />
          </div>
        </div>
      )}
      {may(Track.Source.Camera) && (
        <div className="lk-button-group">
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
      {permissions?.canPublishData && (
        <ChatToggle>
          <ChatIcon aria-hidden="true" />
          Discussion
        </ChatToggle>
      )}
      <DisconnectButton>
        <LeaveIcon aria-hidden="true" />
        Quitter la salle
      </DisconnectButton>
      <StartAudio label="Activer le son" />
    </div>
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
