import {
  AudioTrack,
  ConnectionQualityIndicator,
  FocusToggleIcon,
  isTrackReference,
  ParticipantContext,
  ParticipantName,
  ParticipantPlaceholder,
  TrackLoop,
  TrackMutedIndicator,
  TrackRefContext,
  type TrackReferenceOrPlaceholder,
  UnfocusToggleIcon,
  useEnsureTrackRef,
  useFocusToggle,
  useGridLayout,
  usePagination,
  useParticipantTile,
  VideoTrack,
} from '@livekit/components-react';
import { Track } from 'livekit-client';
import { type RefObject, useRef } from 'react';
import { VIDEO_ATTRIBUTES } from '../../common/video.ts';

/** The tiles in a grid that pages, as LiveKit's prefab lays them out, in French. */
export function Grid({ tracks }: { tracks: TrackReferenceOrPlaceholder[] }) {
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
export function Tile({ trackRef }: { trackRef?: TrackReferenceOrPlaceholder }) {
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
