import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConnectionState,
  DisconnectReason,
  Room,
  RoomEvent,
  setLogLevel,
  TrackType,
  type TranscriptionSegment,
} from 'livekit-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOBBY_POLL_MS } from '../../common/video.ts';
import { followDisconnection, liveKitPort } from './livekit-port.tsx';
import { RoomFlow } from './RoomFlow.tsx';
import type { RoomAccess, VideoPort, VideoRoomProps } from './room-port.ts';

/**
 * The webinar's room (issue 15) with the real Conference on a real livekit-client Room that no server
 * connects: the test plays LiveKit's server, handing the Room the participant updates its signal
 * connection would (who joined, their permissions, attributes and tracks), and the events it would emit
 * (transcriptions, disconnection). Only the devices and the network are fakes; the API is a stubbed fetch.
 */

setLogLevel('silent');

const HOST_ID = '1';
const INES = '7';
const HUGO = '8';

const BASE: VideoRoomProps = {
  slotId: 12,
  role: 'participant',
  mode: 'webinar',
  displayName: 'Inès Martin — Lycée Jacquard',
  timeZone: 'Europe/Paris',
  opensAt: '2026-03-10T08:45:00.000Z',
  closesAt: '2026-03-10T10:30:00.000Z',
  returnUrl: '/meetings-teacher/meeting-details?id=7',
  returnLabel: 'Retour au rendez-vous',
};
const HOST: VideoRoomProps = {
  ...BASE,
  role: 'host',
  displayName: 'Léa Durand — Forges de Vénissieux',
  returnUrl: '/meetings-company',
  returnLabel: 'Retour à mes créneaux',
};

interface Info {
  identity: string;
  name: string;
  attributes?: Record<string, string>;
  publishes?: boolean;
  microphone?: 'on' | 'muted';
}
const versions = new Map<string, number>();

/** A ParticipantInfo as LiveKit's signal connection sends it (livekit_models.proto, in its JS shape). */
function participantInfo({ identity, name, attributes = {}, publishes = false, microphone }: Info) {
  const version = (versions.get(identity) ?? 0) + 1;
  versions.set(identity, version);
  return {
    sid: `PA_${identity}`,
    identity,
    name,
    state: 2, // ACTIVE
    version,
    joinedAt: BigInt(version),
    joinedAtMs: BigInt(version * 1000),
    metadata: '',
    attributes,
    dataTracks: [],
    permission: {
      canSubscribe: true,
      canPublish: publishes,
      canPublishData: true,
      canPublishSources: publishes ? [1, 2] : [],
    },
    tracks: microphone
      ? [
          {
            sid: `TR_mic_${identity}`,
            type: TrackType.AUDIO,
            source: 2,
            muted: microphone === 'muted',
            name: '',
          },
        ]
      : [],
  };
}

/** The Room's side that its signal connection drives (private in livekit-client: reached as connect() does). */
interface SignalSide {
  handleParticipantUpdates(infos: ReturnType<typeof participantInfo>[]): void;
  setAndEmitConnectionState(state: ConnectionState): void;
  setupLocalParticipantEvents(): void;
}
const signal = (room: Room) => room as unknown as SignalSide;

let rooms: Room[];
const room = () => rooms.at(-1) as Room;

/** What LiveKit's server would send. */
const server = {
  sends: (...infos: Info[]) => act(() => signal(room()).handleParticipantUpdates(infos.map(participantInfo))),
  transcribes: (segments: Partial<TranscriptionSegment>[], speaker: string) =>
    act(() => {
      const participant = room().remoteParticipants.get(speaker);
      room().emit(
        RoomEvent.TranscriptionReceived,
        segments.map((segment) => ({
          language: 'fr',
          startTime: 0,
          endTime: 0,
          firstReceivedTime: Date.now(),
          lastReceivedTime: Date.now(),
          final: true,
          ...segment,
        })) as TranscriptionSegment[],
        participant,
      );
    }),
};

/**
 * The LiveKit port with the devices and the connection faked: `connect` sets the Room up as the signal
 * connection's join response would (connected, the local participant as the token describes it).
 */
function testPort(): VideoPort<Room> {
  return {
    ...liveKitPort,
    open: vi.fn(async (request) =>
      Object.fromEntries(
        Object.keys(request).map((kind) => [
          kind,
          {
            kind,
            deviceId: `${kind}-1`,
            attach: vi.fn(),
            detach: vi.fn(),
            stop: vi.fn(),
          },
        ]),
      ),
    ),
    listDevices: vi.fn(async () => ({ camera: [], microphone: [], speaker: [] })),
    playTestSound: vi.fn(async () => {}),
    connect: vi.fn(async (access: RoomAccess, _tracks, onDisconnected) => {
      const joined = new Room();
      signal(joined).setAndEmitConnectionState(ConnectionState.Connected);
      const host = access.role === 'host';
      joined.localParticipant.updateInfo(
        participantInfo({
          identity: host ? HOST_ID : INES,
          name: host ? HOST.displayName : BASE.displayName,
          attributes: { passerelle_role: access.role },
          publishes: host || access.mode === 'conference' || access.onStage,
        }) as never,
      );
      signal(joined).setupLocalParticipantEvents();
      followDisconnection(joined, onDisconnected);
      rooms.push(joined);
      return joined;
    }),
  };
}

type Answer = { data?: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] };
let answers: Record<string, Answer[]>;
let requests: { operationName: string; variables: Record<string, unknown> }[];

const CLASSES = [
  {
    userId: INES,
    meetingId: '70',
    name: 'Inès Martin — Lycée Jacquard',
    participantsCount: 20,
    waitingSince: '2026-03-10T08:50:00.000Z',
    onStage: false,
    removed: false,
  },
  {
    userId: HUGO,
    meetingId: '71',
    name: 'Hugo Bernard — Collège Ampère',
    participantsCount: 21,
    waitingSince: null,
    onStage: false,
    removed: false,
  },
];
const CLOSED = { openedAt: null, endedAt: null, lobby: [CLASSES[0]], classes: CLASSES };
const OPENED = {
  openedAt: '2026-03-10T08:52:00.000Z',
  endedAt: null,
  lobby: [],
  classes: CLASSES.map((entry) => ({ ...entry, waitingSince: null })),
};

const waiting = (): Answer => ({
  errors: [
    {
      message: 'L’organisateur n’a pas encore ouvert la salle : vous entrerez dès qu’il l’ouvrira.',
      extensions: { code: 'video_room_waiting' },
    },
  ],
});

function defaultAnswer(operationName: string, role: 'host' | 'participant'): Answer {
  switch (operationName) {
    case 'VideoRoomAccess':
      return {
        data: {
          videoRoomAccess: {
            serverUrl: 'wss://livekit.test',
            token: 'jeton',
            roomName: 'creneau-12',
            role,
            mode: 'webinar',
            onStage: false,
            opensAt: BASE.opensAt,
            closesAt: BASE.closesAt,
          },
        },
      };
    case 'VideoRoomState':
      return { data: { videoRoomState: CLOSED } };
    case 'OpenVideoRoom':
      return { data: { openVideoRoom: OPENED } };
    default:
      return { data: { [operationName.charAt(0).toLowerCase() + operationName.slice(1)]: true } };
  }
}

function stubApi(role: 'host' | 'participant') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const request = JSON.parse(String(init.body));
      requests.push(request);
      const answer = answers[request.operationName]?.shift() ?? defaultAnswer(request.operationName, role);
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

const sent = (operationName: string) => requests.filter((request) => request.operationName === operationName);

// happy-dom has no media devices, nor a secure context: the room's device menus look for them and find none.
Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
Object.defineProperty(navigator, 'mediaDevices', {
  configurable: true,
  value: { enumerateDevices: async () => [], addEventListener() {}, removeEventListener() {} },
});

beforeEach(() => {
  rooms = [];
  answers = {};
  requests = [];
  versions.clear();
  vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a class in a webinar', () => {
  it('joins as audience, opening no camera or microphone', async () => {
    stubApi('participant');
    const port = testPort();
    const user = userEvent.setup();
    render(<RoomFlow {...BASE} port={port} />);
    expect(screen.getByRole('heading', { name: 'Avant d’entrer dans le webinaire' })).toBeTruthy();
    expect(screen.getByText(/Votre classe assiste au webinaire depuis le public/)).toBeTruthy();
    expect(screen.queryByLabelText('Aperçu de votre caméra')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    const bar = await screen.findByRole('toolbar', { name: 'Commandes de la salle' });
    expect(port.open).not.toHaveBeenCalled();
    expect(within(bar).queryByRole('button', { name: /Micro/ })).toBeNull();
    expect(within(bar).queryByRole('button', { name: /Caméra/ })).toBeNull();
    expect(within(bar).getByRole('button', { name: /Lever la main/ })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: /Discussion/ })).toBeTruthy();
    expect(vi.mocked(port.connect).mock.calls[0]?.[1]).toEqual([]);
  });

  it('waits in the lobby until the host opens the room, asking again, then enters by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi('participant');
    answers.VideoRoomAccess = [waiting(), waiting()];
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<RoomFlow {...BASE} port={testPort()} />);
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));

    expect(await screen.findByRole('heading', { name: 'En attente de l’organisateur' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'Vous entrerez automatiquement dès qu’il l’ouvrira',
    );
    const button = screen.getByRole('button', { name: 'En attente de l’organisateur…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Quitter la salle d’attente' }).getAttribute('href')).toBe(
      BASE.returnUrl,
    );
    expect(sent('VideoRoomAccess')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(LOBBY_POLL_MS));
    await vi.waitFor(() => expect(sent('VideoRoomAccess')).toHaveLength(2));
    // Still waiting: the notice stays as it was, said once.
    expect(screen.getByRole('heading', { name: 'En attente de l’organisateur' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(LOBBY_POLL_MS));
    expect(await screen.findByRole('toolbar', { name: 'Commandes de la salle' })).toBeTruthy();
    expect(sent('VideoRoomAccess')).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: 'En attente de l’organisateur' })).toBeNull();
  });

  it('sees the stage: the host, not the other classes of the audience', async () => {
    stubApi('participant');
    const user = userEvent.setup();
    render(<RoomFlow {...BASE} port={testPort()} />);
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByText(/La scène est vide pour le moment/)).toBeTruthy();
    server.sends(
      { identity: HOST_ID, name: HOST.displayName, attributes: { passerelle_role: 'host' }, publishes: true },
      { identity: HUGO, name: 'Hugo Bernard — Collège Ampère' },
    );
    expect(await screen.findByText(HOST.displayName)).toBeTruthy();
    expect(screen.queryByText('Hugo Bernard — Collège Ampère')).toBeNull();
    expect(screen.queryByText(/La scène est vide/)).toBeNull();
  });

  it('raises its hand through the server, and the button follows what LiveKit then says', async () => {
    stubApi('participant');
    const user = userEvent.setup();
    render(<RoomFlow {...BASE} port={testPort()} />);
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    const raise = await screen.findByRole('button', { name: /Lever la main/ });
    expect(raise.getAttribute('aria-pressed')).toBe('false');
    await user.click(raise);
    expect(sent('RaiseHand')).toEqual([expect.objectContaining({ variables: { slotId: '12' } })]);
    // The server set the attribute; LiveKit tells every participant, this one included.
    server.sends({
      identity: INES,
      name: BASE.displayName,
      attributes: { hand_raised_at: '2026-03-10T09:05:00.000Z' },
    });
    const lower = await screen.findByRole('button', { name: /Baisser la main/ });
    expect(lower.getAttribute('aria-pressed')).toBe('true');
    await user.click(lower);
    expect(sent('LowerHand')).toHaveLength(1);
  });

  it('says why a hand could not be raised', async () => {
    stubApi('participant');
    answers.RaiseHand = [
      {
        errors: [
          {
            message: 'Le serveur de visioconférence ne répond pas. Réessayez dans un instant.',
            extensions: { code: 'video_service_unavailable' },
          },
        ],
      },
    ];
    const user = userEvent.setup();
    render(<RoomFlow {...BASE} port={testPort()} />);
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    await user.click(await screen.findByRole('button', { name: /Lever la main/ }));
    expect(
      (await screen.findByText(/Le serveur de visioconférence ne répond pas/)).getAttribute('role'),
    ).toBe('alert');
  });

  it('is told when the host brings it on stage, gets its microphone and camera, and loses them back in the audience', async () => {
    stubApi('participant');
    const user = userEvent.setup();
    render(<RoomFlow {...BASE} port={testPort()} />);
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    const bar = await screen.findByRole('toolbar', { name: 'Commandes de la salle' });
    server.sends({ identity: INES, name: BASE.displayName, publishes: true });
    expect(
      await screen.findByText(
        'L’organisateur vous invite sur scène : activez votre micro et votre caméra pour prendre la parole.',
      ),
    ).toBeTruthy();
    expect(within(bar).getByRole('button', { name: /Micro/ })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: /Caméra/ })).toBeTruthy();
    server.sends({ identity: INES, name: BASE.displayName, publishes: false });
    expect(await screen.findByText('Vous êtes de retour dans le public.')).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: /Micro/ })).toBeNull();
  });

  it('shows the captions LiveKit delivers, a line refined in place, and hides them on the switch', async () => {
    stubApi('participant');
    const user = userEvent.setup();
    render(<RoomFlow {...BASE} port={testPort()} />);
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    const bar = await screen.findByRole('toolbar', { name: 'Commandes de la salle' });
    expect(within(bar).queryByRole('button', { name: 'Sous-titres' })).toBeNull();
    server.sends({
      identity: HOST_ID,
      name: 'Léa Durand',
      attributes: { passerelle_role: 'host' },
      publishes: true,
    });
    server.transcribes([{ id: 's1', text: 'Bonjour à', final: false }], HOST_ID);
    const captions = await screen.findByRole('region', { name: 'Sous-titres' });
    expect(captions.textContent).toBe('Léa Durand : Bonjour à');
    server.transcribes(
      [
        { id: 's1', text: 'Bonjour à tous.' },
        { id: 's2', text: 'Voici notre atelier.' },
      ],
      HOST_ID,
    );
    expect(captions.textContent).toBe('Léa Durand : Bonjour à tous.Léa Durand : Voici notre atelier.');

    const toggle = within(bar).getByRole('button', { name: 'Sous-titres' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'Sous-titres' })).toBeNull();
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(screen.getByRole('region', { name: 'Sous-titres' })).toBeTruthy();
  });

  it('shows the transcription a LiveKit agent streams on lk.transcription, chunk by chunk', async () => {
    const handlers = new Map<string, (reader: unknown, from: { identity: string }) => void>();
    vi.spyOn(Room.prototype, 'registerTextStreamHandler').mockImplementation((topic, handler) => {
      handlers.set(topic, handler as never);
    });
    stubApi('participant');
    const user = userEvent.setup();
    render(<RoomFlow {...BASE} port={testPort()} />);
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    await screen.findByRole('toolbar', { name: 'Commandes de la salle' });
    server.sends({
      identity: HOST_ID,
      name: 'Léa Durand',
      attributes: { passerelle_role: 'host' },
      publishes: true,
    });
    const stream = handlers.get('lk.transcription');
    expect(stream).toBeDefined();
    // A text stream as LiveKit's data channel delivers it: its header's attributes, then its chunks.
    let release: () => void = () => {};
    const secondChunk = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reader = {
      info: { id: 'ST_1', topic: 'lk.transcription', attributes: { 'lk.segment_id': 'seg-1' } },
      async *[Symbol.asyncIterator]() {
        yield 'Voici ';
        await secondChunk;
        yield 'la presse.';
      },
    };
    act(() => stream?.(reader, { identity: HOST_ID }));
    const captions = await screen.findByRole('region', { name: 'Sous-titres' });
    await vi.waitFor(() => expect(captions.textContent).toBe('Léa Durand : Voici '));
    await act(async () => release());
    await vi.waitFor(() => expect(captions.textContent).toBe('Léa Durand : Voici la presse.'));
  });

  it('is told the host removed it, with no way back in', async () => {
    stubApi('participant');
    const user = userEvent.setup();
    render(<RoomFlow {...BASE} port={testPort()} />);
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    await screen.findByRole('toolbar', { name: 'Commandes de la salle' });
    act(() => {
      room().emit(RoomEvent.Disconnected, DisconnectReason.PARTICIPANT_REMOVED);
    });
    expect(await screen.findByText('L’organisateur vous a retiré de la salle.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Rejoindre/ })).toBeNull();
  });

  it('is told when the same account entered elsewhere, and may come back here', async () => {
    stubApi('participant');
    const user = userEvent.setup();
    render(<RoomFlow {...BASE} port={testPort()} />);
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    await screen.findByRole('toolbar', { name: 'Commandes de la salle' });
    act(() => {
      room().emit(RoomEvent.Disconnected, DisconnectReason.DUPLICATE_IDENTITY);
    });
    expect(
      await screen.findByText('Vous avez rejoint la salle depuis un autre onglet ou un autre appareil.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revenir dans la salle ici' }));
    expect(await screen.findByRole('toolbar', { name: 'Commandes de la salle' })).toBeTruthy();
  });

  it('is told its removal when it asks to enter again', async () => {
    stubApi('participant');
    answers.VideoRoomAccess = [
      {
        errors: [
          {
            message: 'L’organisateur vous a retiré de cette salle.',
            extensions: { code: 'video_participant_removed' },
          },
        ],
      },
    ];
    const user = userEvent.setup();
    render(<RoomFlow {...BASE} port={testPort()} />);
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByText('L’organisateur vous a retiré de la salle.')).toBeTruthy();
  });
});

describe('the host of a webinar', () => {
  it('sees who waits and the booked classes before entering, and opens the room', async () => {
    stubApi('host');
    const user = userEvent.setup();
    render(<RoomFlow {...HOST} port={testPort()} />);
    const panel = await screen.findByRole('complementary', { name: 'Animation de la rencontre' });
    const lobby = await within(panel).findByRole('list', { name: 'Classes en attente' });
    expect(lobby.textContent).toBe('Inès Martin — Lycée Jacquard — en attente depuis 09:50');
    const classes = within(panel).getByRole('region', { name: 'Classes inscrites (2)' });
    expect(classes.textContent).toContain('20 participants · en attente depuis 09:50');
    expect(classes.textContent).toContain('21 participants · pas encore arrivée');
    // Its own camera is asked for: the host publishes.
    expect(await screen.findByLabelText('Aperçu de votre caméra')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Ouvrir la salle aux classes' }));
    expect(sent('OpenVideoRoom')).toEqual([expect.objectContaining({ variables: { slotId: '12' } })]);
    expect(await within(panel).findByText(/La salle est ouverte/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Ouvrir la salle aux classes' })).toBeNull();
  });

  it('takes the raised hands in order, brings a class on stage, mutes it and sends it back', async () => {
    stubApi('host');
    answers.VideoRoomState = Array.from({ length: 10 }, () => ({ data: { videoRoomState: OPENED } }));
    const user = userEvent.setup();
    render(<RoomFlow {...HOST} port={testPort()} />);
    await user.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    const panel = await screen.findByRole('complementary', { name: 'Animation de la rencontre' });
    await screen.findByRole('toolbar', { name: 'Commandes de la salle' });
    server.sends(
      {
        identity: HUGO,
        name: CLASSES[1]?.name ?? '',
        attributes: { hand_raised_at: '2026-03-10T09:06:00.000Z' },
      },
      {
        identity: INES,
        name: CLASSES[0]?.name ?? '',
        attributes: { hand_raised_at: '2026-03-10T09:05:00.000Z' },
      },
    );
    const hands = await within(panel).findByRole('list', { name: 'Mains levées, dans l’ordre' });
    expect(
      within(hands)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent),
    ).toEqual(['Inès Martin — Lycée Jacquard', 'Hugo Bernard — Collège Ampère']);
    expect(hands.textContent).toContain('levée à 10:05');
    const classes = within(panel).getByRole('region', { name: 'Classes inscrites (2)' });
    expect(classes.textContent).toContain('20 participants · dans le public');

    await user.click(
      within(hands).getByRole('button', { name: /^Inviter sur scène\s: Inès Martin — Lycée Jacquard$/ }),
    );
    expect(sent('BringToStage')).toEqual([
      expect.objectContaining({ variables: { slotId: '12', userId: INES } }),
    ]);
    // LiveKit applies it: Inès may publish, her hand is down, she opens her microphone.
    server.sends({ identity: INES, name: CLASSES[0]?.name ?? '', publishes: true, microphone: 'on' });
    await vi.waitFor(() =>
      expect(classes.textContent).toContain('20 participants · sur scène, micro ouvert'),
    );
    expect(within(panel).getByRole('region', { name: 'Mains levées (1)' })).toBeTruthy();

    await user.click(
      within(classes).getByRole('button', { name: 'Couper le micro d’Inès Martin — Lycée Jacquard' }),
    );
    expect(sent('MuteParticipant')).toEqual([
      expect.objectContaining({ variables: { slotId: '12', userId: INES } }),
    ]);
    server.sends({ identity: INES, name: CLASSES[0]?.name ?? '', publishes: true, microphone: 'muted' });
    await vi.waitFor(() => expect(classes.textContent).toContain('sur scène, micro coupé'));

    await user.click(
      within(classes).getByRole('button', {
        name: /^Renvoyer dans le public\s: Inès Martin — Lycée Jacquard$/,
      }),
    );
    expect(sent('SendBackToAudience')).toHaveLength(1);
    await user.click(
      within(hands).getByRole('button', { name: 'Baisser la main d’Hugo Bernard — Collège Ampère' }),
    );
    expect(sent('LowerHand')).toEqual([
      expect.objectContaining({ variables: { slotId: '12', userId: HUGO } }),
    ]);
  });

  it('removes a class after confirming, keyboard only, and says why when it could not', async () => {
    stubApi('host');
    answers.VideoRoomState = Array.from({ length: 10 }, () => ({ data: { videoRoomState: OPENED } }));
    answers.RemoveParticipant = [
      {
        errors: [
          {
            message: 'Le serveur de visioconférence ne répond pas. Réessayez dans un instant.',
            extensions: { code: 'video_service_unavailable' },
          },
        ],
      },
    ];
    const user = userEvent.setup();
    render(<RoomFlow {...HOST} port={testPort()} />);
    await user.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    const panel = await screen.findByRole('complementary', { name: 'Animation de la rencontre' });
    await screen.findByRole('toolbar', { name: 'Commandes de la salle' });
    server.sends({ identity: HUGO, name: CLASSES[1]?.name ?? '' });
    const remove = await within(panel).findByRole('button', {
      name: /^Retirer de la salle\s: Hugo Bernard — Collège Ampère$/,
    });
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Retirer cette classe de la salle ?' });
    expect(dialog.textContent).toContain('ne pourra plus entrer dans la salle');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(sent('RemoveParticipant')).toEqual([]);

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Retirer cette classe de la salle ?' });
    within(again).getByRole('button', { name: 'Retirer la classe' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(again).findByText(/Le serveur de visioconférence ne répond pas/)).toBeTruthy();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('RemoveParticipant')).toEqual([
      expect.objectContaining({ variables: { slotId: '12', userId: HUGO } }),
      expect.objectContaining({ variables: { slotId: '12', userId: HUGO } }),
    ]);
  });

  it('ends the meeting for everyone after confirming, and leaves the room', async () => {
    stubApi('host');
    const user = userEvent.setup();
    render(<RoomFlow {...HOST} port={testPort()} />);
    await user.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    await screen.findByRole('toolbar', { name: 'Commandes de la salle' });
    const disconnect = vi.spyOn(room(), 'disconnect');
    await user.click(screen.getByRole('button', { name: 'Terminer la rencontre pour tous' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminer la rencontre pour tous ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Terminer la rencontre' }));
    expect(await screen.findByText('Vous avez mis fin à la rencontre pour tous.')).toBeTruthy();
    expect(sent('EndMeeting')).toEqual([expect.objectContaining({ variables: { slotId: '12' } })]);
    expect(disconnect).toHaveBeenCalled();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour à mes créneaux' })).toBeTruthy();
  });
});

describe('the host of a visit held remotely', () => {
  it('has no stage to bring classes to: everyone publishes, the microphone can still be cut', async () => {
    stubApi('host');
    answers.VideoRoomState = Array.from({ length: 10 }, () => ({ data: { videoRoomState: OPENED } }));
    const user = userEvent.setup();
    render(<RoomFlow {...HOST} mode="conference" port={testPort()} />);
    await user.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    const panel = await screen.findByRole('complementary', { name: 'Animation de la rencontre' });
    await screen.findByRole('toolbar', { name: 'Commandes de la salle' });
    server.sends({ identity: INES, name: CLASSES[0]?.name ?? '', publishes: true, microphone: 'on' });
    const classes = within(panel).getByRole('region', { name: 'Classes inscrites (2)' });
    await vi.waitFor(() =>
      expect(classes.textContent).toContain('20 participants · dans la salle, micro ouvert'),
    );
    expect(within(panel).queryByRole('button', { name: /Inviter sur scène/ })).toBeNull();
    expect(within(classes).getByRole('button', { name: /Couper le micro/ })).toBeTruthy();
  });
});
