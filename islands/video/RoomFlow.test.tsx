import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoomFlow } from './RoomFlow.tsx';
import type { ConnectedRoom, PreviewTrack, RoomAccess, VideoPort } from './room-port.ts';
import type { DeviceKind, DeviceProblem, DisconnectCause } from './room-state.ts';
import type { VideoRoomProps } from './VideoRoom.tsx';

/**
 * The room's flow with LiveKit replaced by a fake port (devices, connection, conference) and the API by a
 * stubbed fetch: the pre-join screen, each failure's message and way forward, joining and leaving.
 */

const PROPS: VideoRoomProps = {
  slotId: 12,
  role: 'participant',
  mode: 'conference',
  displayName: 'Inès Martin — Lycée Jacquard',
  timeZone: 'Europe/Paris',
  opensAt: '2026-11-24T08:45:00.000Z',
  closesAt: '2026-11-24T10:30:00.000Z',
  returnUrl: '/meetings-teacher/meeting-details?id=7',
  returnLabel: 'Retour au rendez-vous',
};

const ACCESS: RoomAccess = {
  serverUrl: 'ws://127.0.0.1:9',
  token: 'jeton',
  roomName: 'creneau-12',
  role: 'participant',
  mode: 'conference',
  onStage: false,
  opensAt: PROPS.opensAt,
  closesAt: PROPS.closesAt,
};

interface FakeTrack extends PreviewTrack {
  stopped: boolean;
}
interface FakeRoom extends ConnectedRoom {
  tracks: PreviewTrack[];
  drop(cause: DisconnectCause): void;
}

const fakeTrack = (kind: DeviceKind, deviceId: string | null): FakeTrack => ({
  kind,
  deviceId: deviceId ?? (kind === 'camera' ? 'cam-1' : 'mic-1'),
  stopped: false,
  ...(kind === 'microphone' ? { level: () => 0.42 } : {}),
  attach: vi.fn(),
  detach: vi.fn(),
  stop() {
    this.stopped = true;
  },
});

const EXPIRED = new Error('401');

/** Answers each device as told (a track by default), and connects or fails as told. */
function fakePort(devices: Partial<Record<DeviceKind, DeviceProblem>> = {}) {
  const opened: FakeTrack[] = [];
  const connectResults: (Error | 'ok')[] = [];
  const port: VideoPort<FakeRoom> & { opened: FakeTrack[]; connectResults: typeof connectResults } = {
    opened,
    connectResults,
    open: vi.fn(async (request) => {
      const answers: Partial<Record<DeviceKind, PreviewTrack | DeviceProblem>> = {};
      for (const kind of ['camera', 'microphone'] as const) {
        if (!(kind in request)) continue;
        const problem = devices[kind];
        if (problem) {
          answers[kind] = problem;
        } else {
          const track = fakeTrack(kind, request[kind] ?? null);
          opened.push(track);
          answers[kind] = track;
        }
      }
      return answers;
    }),
    listDevices: vi.fn(async () => ({
      camera: [
        { deviceId: 'cam-1', label: 'Caméra intégrée' },
        { deviceId: 'cam-2', label: 'Caméra USB' },
      ],
      microphone: [
        { deviceId: 'mic-1', label: 'Micro intégré' },
        { deviceId: 'mic-2', label: 'Micro du casque' },
      ],
      speaker: [
        { deviceId: 'spk-1', label: 'Haut-parleurs intégrés' },
        { deviceId: 'spk-2', label: 'Casque' },
      ],
    })),
    playTestSound: vi.fn(async () => {}),
    connect: vi.fn(async (_access, tracks, onDisconnected) => {
      const result = connectResults.shift() ?? 'ok';
      if (result !== 'ok') throw result;
      return { tracks, disconnect: vi.fn(), drop: onDisconnected };
    }),
    connectionFailure: (error) => (error === EXPIRED ? { kind: 'expired' } : { kind: 'unreachable' }),
    useParticipants: () => [],
    Conference: FakeConference,
  };
  return port;
}

function FakeConference({ room }: { room: FakeRoom }) {
  return (
    <div>
      <p>Dans la salle avec {room.tracks.map((track) => track.kind).join(' et ') || 'rien'}</p>
      <button type="button" onClick={() => room.drop('left')}>
        Quitter la salle
      </button>
    </div>
  );
}

type Answer = { data?: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] };
let answers: Answer[];
const requests: { operationName: string; variables: Record<string, unknown> }[] = [];
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  requests.length = 0;
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      requests.push(JSON.parse(String(init.body)));
      const answer = answers.shift() ?? { data: { videoRoomAccess: ACCESS } };
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const join = (name: RegExp | string = 'Rejoindre') => screen.findByRole('button', { name });

describe('the pre-join screen', () => {
  it('shows the camera, the devices to choose from and the name, then joins with both', async () => {
    const port = fakePort();
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={port} />);

    const preview = await screen.findByLabelText('Aperçu de votre caméra');
    expect(preview.tagName).toBe('VIDEO');
    // The preview is attached by an effect, which may run just after the element appears.
    await vi.waitFor(() => expect(port.opened[0]?.attach).toHaveBeenCalledWith(preview));
    expect(port.open).toHaveBeenCalledTimes(1);
    expect(port.open).toHaveBeenCalledWith({ camera: null, microphone: null });
    expect(screen.getByText('Inès Martin — Lycée Jacquard')).toBeTruthy();
    const cameras = await screen.findByRole('combobox', { name: 'Caméra utilisée' });
    expect(
      within(cameras)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Caméra intégrée', 'Caméra USB']);
    expect(screen.getByRole('combobox', { name: 'Micro utilisé' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Caméra' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(await join());
    expect(await screen.findByText('Dans la salle avec camera et microphone')).toBeTruthy();
    expect(requests).toEqual([
      expect.objectContaining({ operationName: 'VideoRoomAccess', variables: { slotId: '12' } }),
    ]);
    expect(port.connect).toHaveBeenCalledWith(ACCESS, expect.any(Array), expect.any(Function), null);

    await user.click(screen.getByRole('button', { name: 'Quitter la salle' }));
    expect(assign).toHaveBeenCalledWith('/meetings-teacher/meeting-details?id=7');
    expect(screen.getByRole('status').textContent).toContain('Vous avez quitté la salle.');
  });

  it('opens another camera when one is chosen, and lets go of the first', async () => {
    const port = fakePort();
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={port} />);
    const cameras = await screen.findByRole('combobox', { name: 'Caméra utilisée' });
    await screen.findByRole('option', { name: 'Caméra USB' });
    await user.selectOptions(cameras, 'cam-2');
    await vi.waitFor(() => expect(port.open).toHaveBeenLastCalledWith({ camera: 'cam-2' }));
    await vi.waitFor(() => expect(port.opened[0]?.stopped).toBe(true));
    expect((screen.getByRole('combobox', { name: 'Caméra utilisée' }) as HTMLSelectElement).value).toBe(
      'cam-2',
    );
  });

  it('switches the camera off: the light goes out and the room gets the microphone only', async () => {
    const port = fakePort();
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={port} />);
    await screen.findByLabelText('Aperçu de votre caméra');
    await user.click(screen.getByRole('button', { name: 'Caméra' }));
    expect(screen.getByRole('button', { name: 'Caméra' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Caméra coupée')).toBeTruthy();
    expect(port.opened.find((track) => track.kind === 'camera')?.stopped).toBe(true);
    await user.click(await join('Rejoindre'));
    expect(await screen.findByText('Dans la salle avec microphone')).toBeTruthy();
  });

  it('explains how to allow a refused camera and microphone, retries, and can join without them', async () => {
    const port = fakePort({ camera: 'denied', microphone: 'denied' });
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={port} />);
    const alert = await screen.findByText(/Votre navigateur bloque l’accès à la caméra et au micro\./);
    expect(alert.textContent).toContain('cliquez sur l’icône à gauche de l’adresse du site');
    expect(screen.queryByLabelText('Aperçu de votre caméra')).toBeNull();
    expect(screen.getByText('Pas d’image de la caméra')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await vi.waitFor(() => expect(port.open).toHaveBeenCalledTimes(2));

    await user.click(await join('Rejoindre sans caméra ni micro'));
    expect(await screen.findByText('Dans la salle avec rien')).toBeTruthy();
  });

  it('offers to join with the microphone alone when there is no camera', async () => {
    const port = fakePort({ camera: 'missing' });
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={port} />);
    expect(await screen.findByText(/Aucune caméra n’a été trouvée sur cet appareil/)).toBeTruthy();
    await user.click(await join('Rejoindre sans caméra'));
    expect(await screen.findByText('Dans la salle avec microphone')).toBeTruthy();
  });

  it('says when the camera is held by another application', async () => {
    render(<RoomFlow {...PROPS} port={fakePort({ camera: 'busy' })} />);
    expect(await screen.findByText(/La caméra est déjà utilisée par une autre application/)).toBeTruthy();
  });
});

describe('the device check', () => {
  it('shows the microphone’s level, plays a test sound on the speaker chosen and joins with it', async () => {
    const port = fakePort();
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={port} />);
    const meter = await screen.findByLabelText('Niveau du micro');
    await vi.waitFor(() => expect(meter.getAttribute('value')).toBe('42'));

    const speakers = await screen.findByRole('combobox', { name: 'Haut-parleur utilisé' });
    await screen.findByRole('option', { name: 'Casque' });
    await user.selectOptions(speakers, 'spk-2');
    await user.click(screen.getByRole('button', { name: 'Tester le son' }));
    expect(port.playTestSound).toHaveBeenCalledWith('spk-2');
    expect((await screen.findByText(/Un son vient d’être joué\./)).getAttribute('role')).toBe('status');

    await user.click(await join());
    await screen.findByText('Dans la salle avec camera et microphone');
    expect(port.connect).toHaveBeenCalledWith(ACCESS, expect.any(Array), expect.any(Function), 'spk-2');
  });

  it('says when the test sound could not be played', async () => {
    const port = fakePort();
    vi.mocked(port.playTestSound).mockRejectedValueOnce(new Error('NotAllowedError'));
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={port} />);
    await user.click(await screen.findByRole('button', { name: 'Tester le son' }));
    expect(await screen.findByText(/Le son n’a pas pu être joué sur ce haut-parleur\./)).toBeTruthy();
  });

  it('remembers the devices chosen and opens them first the next time', async () => {
    const first = fakePort();
    const user = userEvent.setup();
    const { unmount } = render(<RoomFlow {...PROPS} port={first} />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Caméra utilisée' }), 'cam-2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Micro utilisé' }), 'mic-2');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Haut-parleur utilisé' }), 'spk-2');
    await vi.waitFor(() => expect(first.open).toHaveBeenLastCalledWith({ microphone: 'mic-2' }));
    await screen.findByLabelText('Niveau du micro');
    unmount();

    const next = fakePort();
    render(<RoomFlow {...PROPS} port={next} />);
    await vi.waitFor(() => expect(next.open).toHaveBeenCalledWith({ camera: 'cam-2', microphone: 'mic-2' }));
    await screen.findByRole('option', { name: 'Casque' });
    const value = (name: string) => (screen.getByRole('combobox', { name }) as HTMLSelectElement).value;
    expect([value('Caméra utilisée'), value('Micro utilisé'), value('Haut-parleur utilisé')]).toEqual([
      'cam-2',
      'mic-2',
      'spk-2',
    ]);
    await user.click(await join());
    await screen.findByText('Dans la salle avec camera et microphone');
    expect(next.connect).toHaveBeenCalledWith(ACCESS, expect.any(Array), expect.any(Function), 'spk-2');
  });

  it('gives a webinar’s audience no device check', async () => {
    render(<RoomFlow {...PROPS} mode="webinar" port={fakePort()} />);
    await join();
    expect(screen.queryByRole('button', { name: 'Tester le son' })).toBeNull();
    expect(screen.queryByLabelText('Niveau du micro')).toBeNull();
  });
});

/** On a fake clock set at `now`, "Rejoindre" answered by the server's « room closed » (PROPS's window). */
async function joinClosedRoomAt(now: string) {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.setSystemTime(new Date(now));
  answers = [
    {
      errors: [
        {
          message: 'La salle de visioconférence n’est pas ouverte.',
          extensions: { code: 'video_room_closed', opensAt: PROPS.opensAt, closesAt: PROPS.closesAt },
        },
      ],
    },
  ];
  const port = fakePort();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(<RoomFlow {...PROPS} port={port} />);
  await screen.findByLabelText('Aperçu de votre caméra');
  await user.click(await join());
  return { port, user };
}

/** The fake clock moves on a second at a time, as the countdown's timer does. */
async function wait(seconds: number) {
  for (let second = 0; second < seconds; second++) {
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
  }
}

describe('the closed room', () => {
  it('counts down to its opening, then comes back to the pre-join screen by itself', async () => {
    const { port, user } = await joinClosedRoomAt('2026-11-24T08:43:30.000Z');
    expect(await screen.findByText('La salle est fermée.')).toBeTruthy();
    expect(screen.getByText('La salle ouvrira le mardi 24 novembre 2026 à 09:45.')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('La salle ouvre dans 1\u00a0min\u00a030\u00a0s.');
    await vi.waitFor(() => expect(port.opened.every((track) => track.stopped)).toBe(true));

    await wait(60);
    expect(screen.getByRole('timer').textContent).toBe('La salle ouvre dans 30\u00a0s.');
    await wait(30);
    expect(screen.queryByText('La salle est fermée.')).toBeNull();
    await screen.findByLabelText('Aperçu de votre caméra');
    expect(port.open).toHaveBeenCalledTimes(2);
    await user.click(await join());
    expect(await screen.findByText('Dans la salle avec camera et microphone')).toBeTruthy();
  });
});

describe('the closed room, on a clock ahead of the server’s', () => {
  it('says when it opens and tries again in a few seconds, rather than « closed » at a time to come', async () => {
    // The browser reads 09:45:02 in Paris; the server, still before 09:45, says the room is closed.
    const { user } = await joinClosedRoomAt('2026-11-24T08:45:02.000Z');
    expect(await screen.findByText('La salle ouvrira le mardi 24 novembre 2026 à 09:45.')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('La salle ouvre dans 5\u00a0s.');
    await wait(5);
    expect(screen.queryByText('La salle est fermée.')).toBeNull();
    await user.click(await join());
    expect(await screen.findByText('Dans la salle avec camera et microphone')).toBeTruthy();
  });
});

describe('joining', () => {
  it('says the video server cannot be reached, and tries again on "Réessayer"', async () => {
    const port = fakePort();
    port.connectResults.push(new Error('ECONNREFUSED'));
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={port} />);
    await user.click(await join());

    const message = await screen.findByText('Impossible de joindre le serveur de visioconférence.');
    const alert = message.closest<HTMLElement>('[role="alert"]') as HTMLElement;
    // The preview stays, with its tracks: trying again needs no new permission.
    expect(screen.getByLabelText('Aperçu de votre caméra')).toBeTruthy();
    expect(port.opened.every((track) => !track.stopped)).toBe(true);

    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Dans la salle avec camera et microphone')).toBeTruthy();
    expect(requests).toHaveLength(2);
  });

  it('asks for a new token when the video server refused the one it had', async () => {
    const port = fakePort();
    port.connectResults.push(EXPIRED);
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={port} />);
    await user.click(await join());
    expect(await screen.findByText('Votre accès à la salle n’est plus valable.')).toBeTruthy();
    expect(screen.getByText('La salle est ouverte le mardi 24 novembre 2026 de 09:45 à 11:30.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Rejoindre à nouveau' }));
    expect(await screen.findByText('Dans la salle avec camera et microphone')).toBeTruthy();
  });

  it('says when the room closed while waiting, with the time, and lets go of the devices', async () => {
    answers = [
      {
        errors: [
          {
            message: 'La salle de visioconférence n’est pas ouverte.',
            extensions: {
              code: 'video_room_closed',
              opensAt: '2026-01-13T08:45:00.000Z',
              closesAt: '2026-01-13T10:30:00.000Z',
            },
          },
        ],
      },
    ];
    const port = fakePort();
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={port} />);
    await user.click(await join());
    expect(await screen.findByText('La salle est fermée.')).toBeTruthy();
    expect(screen.getByText('La salle a fermé le mardi 13 janvier 2026 à 11:30.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour au rendez-vous' }).getAttribute('href')).toBe(
      PROPS.returnUrl,
    );
    expect(screen.queryByRole('button', { name: /Rejoindre/ })).toBeNull();
    await vi.waitFor(() => expect(port.opened.every((track) => track.stopped)).toBe(true));
    expect(port.connect).not.toHaveBeenCalled();
  });

  it('shows the external link when the room became unavailable', async () => {
    answers = [
      {
        errors: [
          {
            message: 'La salle de visioconférence n’est pas disponible.',
            extensions: { code: 'video_unavailable', externalLink: 'https://visio.example.fr/forges' },
          },
        ],
      },
    ];
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={fakePort()} />);
    await user.click(await join());
    expect(await screen.findByText('La salle de visioconférence n’est pas disponible.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: /Rejoindre par le lien de l’entreprise/ }).getAttribute('href'),
    ).toBe('https://visio.example.fr/forges');
  });

  it('says when the viewer lost the right to enter', async () => {
    answers = [{ errors: [{ message: 'Interdit', extensions: { code: 'FORBIDDEN' } }] }];
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={fakePort()} />);
    await user.click(await join());
    expect(await screen.findByText('Vous n’avez plus accès à cette salle.')).toBeTruthy();
  });

  it('offers to join again after the connection dropped, with the devices opened again', async () => {
    const port = fakePort();
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={port} />);
    await user.click(await join());
    await screen.findByText('Dans la salle avec camera et microphone');
    const room = await vi.mocked(port.connect).mock.results[0]?.value;
    act(() => room.drop('lost'));
    expect(await screen.findByText('La connexion à la salle a été interrompue.')).toBeTruthy();
    await vi.waitFor(() => expect(port.open).toHaveBeenCalledTimes(2));
    await user.click(await screen.findByRole('button', { name: 'Rejoindre à nouveau' }));
    expect(await screen.findByText('Dans la salle avec camera et microphone')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('tells a participant the host removed them, and opens no device again', async () => {
    const port = fakePort();
    const user = userEvent.setup();
    render(<RoomFlow {...PROPS} port={port} />);
    await user.click(await join());
    await screen.findByText('Dans la salle avec camera et microphone');
    const room = await vi.mocked(port.connect).mock.results[0]?.value;
    act(() => room.drop('removed'));
    expect(await screen.findByText('L’organisateur vous a retiré de la salle.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour au rendez-vous' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Rejoindre/ })).toBeNull();
    expect(port.open).toHaveBeenCalledTimes(1);
  });
});
