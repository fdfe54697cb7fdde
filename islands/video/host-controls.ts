import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../common/messages.ts';
import { LOBBY_POLL_MS } from '../../common/video.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';

/**
 * The host's side of the room through the API (docs/decisions/0032): the lobby and the booked classes,
 * asked for again every few seconds while the panel shows, and the host's actions — each checked and
 * carried out by the server, which answers with a French message when it cannot.
 */

export interface RoomClass {
  userId: string;
  meetingId: string;
  name: string;
  participantsCount: number;
  waitingSince: string | null;
  onStage: boolean;
  removed: boolean;
}

interface HostRoomState {
  openedAt: string | null;
  endedAt: string | null;
  lobby: RoomClass[];
  classes: RoomClass[];
}

const CLASS_FIELDS = 'userId meetingId name participantsCount waitingSince onStage removed';
const STATE_FIELDS = `openedAt endedAt lobby { ${CLASS_FIELDS} } classes { ${CLASS_FIELDS} }`;

const HOST_OPERATIONS = {
  VideoRoomState: `query VideoRoomState($slotId: ID!) { videoRoomState(slotId: $slotId) { ${STATE_FIELDS} } }`,
  OpenVideoRoom: `mutation OpenVideoRoom($slotId: ID!) { openVideoRoom(slotId: $slotId) { ${STATE_FIELDS} } }`,
  BringToStage:
    'mutation BringToStage($slotId: ID!, $userId: ID!) { bringToStage(slotId: $slotId, userId: $userId) }',
  SendBackToAudience:
    'mutation SendBackToAudience($slotId: ID!, $userId: ID!) { sendBackToAudience(slotId: $slotId, userId: $userId) }',
  MuteParticipant:
    'mutation MuteParticipant($slotId: ID!, $userId: ID!) { muteParticipant(slotId: $slotId, userId: $userId) }',
  RemoveParticipant:
    'mutation RemoveParticipant($slotId: ID!, $userId: ID!) { removeParticipant(slotId: $slotId, userId: $userId) }',
  LowerHand: 'mutation LowerHand($slotId: ID!, $userId: ID) { lowerHand(slotId: $slotId, userId: $userId) }',
  EndMeeting: 'mutation EndMeeting($slotId: ID!) { endMeeting(slotId: $slotId) }',
} as const;

export type HostAction = Exclude<keyof typeof HOST_OPERATIONS, 'VideoRoomState' | 'OpenVideoRoom'>;

const messageOf = (error: unknown) =>
  error instanceof GraphQLRequestError ? error.message : MESSAGES.genericError;

export interface HostControls {
  state: HostRoomState | null;
  /** The last action's refusal, in French; null after a success. */
  error: string | null;
  /** The action under way ("BringToStage:7"), so that its button shows it. */
  pending: string | null;
  /** The lobby and classes could not be asked for lately (the list shown may be old). */
  stale: boolean;
  open(): Promise<void>;
  act(action: HostAction, userId?: string): Promise<boolean>;
}

export function useHostControls(slotId: number, active: boolean): HostControls {
  const [state, setState] = useState<HostRoomState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const refreshing = useRef<Promise<void> | null>(null);

  const refresh = useCallback(() => {
    refreshing.current ??= gqlRequest<{ videoRoomState: HostRoomState }>(
      HOST_OPERATIONS.VideoRoomState,
      { slotId: String(slotId) },
      'VideoRoomState',
    )
      .then(
        (data) => {
          setState(data.videoRoomState);
          setStale(false);
        },
        () => setStale(true),
      )
      .finally(() => {
        refreshing.current = null;
      });
    return refreshing.current;
  }, [slotId]);

  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = () => {
      void refresh().then(() => {
        if (!stopped) timer = setTimeout(tick, LOBBY_POLL_MS);
      });
    };
    tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, refresh]);

  const open = useCallback(async () => {
    setPending('OpenVideoRoom');
    setError(null);
    try {
      const data = await gqlRequest<{ openVideoRoom: HostRoomState }>(
        HOST_OPERATIONS.OpenVideoRoom,
        { slotId: String(slotId) },
        'OpenVideoRoom',
      );
      setState(data.openVideoRoom);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setPending(null);
    }
  }, [slotId]);

  const act = useCallback(
    async (action: HostAction, userId?: string) => {
      setPending(userId ? `${action}:${userId}` : action);
      setError(null);
      try {
        await gqlRequest(HOST_OPERATIONS[action], { slotId: String(slotId), userId }, action);
        void refresh();
        return true;
      } catch (failure) {
        setError(messageOf(failure));
        return false;
      } finally {
        setPending(null);
      }
    },
    [slotId, refresh],
  );

  return { state, error, pending, stale, open, act };
}
