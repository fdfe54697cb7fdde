import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../ui/Button.tsx';
import { cx, focusRing } from '../ui/cx.ts';
import { controlClassName } from '../ui/Field.tsx';
import type { DeviceLists, DeviceOption, PreviewTrack } from './room-port.ts';
import {
  type DeviceKind,
  type DeviceState,
  deviceProblemText,
  isProblem,
  joinLabel,
  type RoomState,
} from './room-state.ts';

interface PreJoinProps {
  state: RoomState;
  /** A webinar's class joins as audience: no device to choose, it watches, chats and raises its hand. */
  audience: boolean;
  cameraTrack: PreviewTrack | null;
  microphoneTrack: PreviewTrack | null;
  devices: DeviceLists;
  /** The speaker chosen (null: the browser's default, or no choice where the browser cannot). */
  speaker: string | null;
  displayName: string;
  onSwitch(device: DeviceKind, on: boolean): void;
  onChoose(device: DeviceKind, deviceId: string): void;
  onChooseSpeaker(deviceId: string): void;
  onTestSound(): Promise<void>;
  onRetryDevices(): void;
  onJoin(): void;
}

const LABELS: Record<DeviceKind, { name: string; on: string; off: string; choose: string }> = {
  camera: { name: 'Caméra', on: 'activée', off: 'coupée', choose: 'Caméra utilisée' },
  microphone: { name: 'Micro', on: 'activé', off: 'coupé', choose: 'Micro utilisé' },
};

/**
 * Before entering, the device check: the camera's preview, the microphone's level, each device switched
 * on or off and chosen from a list (the speaker too where the browser allows it), a sound test, the name
 * the others will read, and "Rejoindre" — which says which device the viewer will be missing, if any. The
 * choices are remembered in this browser (device-memory.ts). A webinar's audience has no device to choose:
 * what it can do in the room, its name, "Rejoindre".
 */
export function PreJoin({
  state,
  audience,
  cameraTrack,
  microphoneTrack,
  devices,
  speaker,
  displayName,
  onSwitch,
  onChoose,
  onChooseSpeaker,
  onTestSound,
  onRetryDevices,
  onJoin,
}: PreJoinProps) {
  const headingId = useId();
  const waiting =
    state.phase.name === 'waiting' || (state.phase.name === 'joining' && state.phase.fromLobby === true);
  const joining = state.phase.name === 'joining' && !waiting;
  const pending = state.camera.status === 'pending' || state.microphone.status === 'pending';
  const problems = deviceProblemText(state);
  const join = (
    <Button
      size="xl"
      color="purple"
      onClick={onJoin}
      loading={joining}
      disabled={(pending && !joining) || waiting}
    >
      {waiting ? 'En attente de l’organisateur…' : joinLabel(state)}
    </Button>
  );
  if (audience) {
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl bg-white p-6">
        <h2 id={headingId}>Avant d’entrer dans le webinaire</h2>
        <p>
          Votre classe assiste au webinaire depuis le public : vous verrez et entendrez les intervenants, vous
          pourrez écrire dans la discussion et lever la main pour poser une question. Si l’organisateur vous
          invite sur scène, vous pourrez activer votre caméra et votre micro.
        </p>
        <p>
          L’organisateur et les autres participants vous verront sous le nom : <strong>{displayName}</strong>
        </p>
        <div>{join}</div>
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6 rounded-2xl bg-white p-6">
      <h2 id={headingId}>Avant d’entrer dans la salle</h2>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <Preview camera={state.camera} track={cameraTrack} />
          <p>
            Les autres participants vous verront sous le nom : <strong>{displayName}</strong>
          </p>
        </div>
        <div className="flex flex-col gap-5">
          {(['camera', 'microphone'] as const).map((kind) => (
            <DeviceControl
              key={kind}
              kind={kind}
              device={state[kind]}
              options={devices[kind]}
              disabled={joining}
              onSwitch={(on) => onSwitch(kind, on)}
              onChoose={(deviceId) => onChoose(kind, deviceId)}
            >
              {kind === 'microphone' && state.microphone.status === 'on' && microphoneTrack?.level && (
                <MicrophoneLevel track={microphoneTrack} />
              )}
            </DeviceControl>
          ))}
          <SoundCheck
            speakers={devices.speaker}
            speaker={speaker}
            disabled={joining}
            onChoose={onChooseSpeaker}
            onTest={onTestSound}
          />
          <div role="alert" className={problems.length ? 'flex flex-col gap-3' : 'sr-only'}>
            {problems.map(({ problem, text }) => (
              <p
                key={problem}
                className="rounded-lg border-2 border-error-text bg-error-light p-4 font-medium"
              >
                {text}
              </p>
            ))}
          </div>
          {problems.length > 0 && (
            <div>
              <Button variant="outline" color="purple" onClick={onRetryDevices} disabled={joining}>
                Réessayer
              </Button>
            </div>
          )}
          <div className="flex flex-col gap-2">
            {join}
            {pending && !joining && (
              <p className="text-sm text-grey-text">
                Autorisez la caméra et le micro dans la fenêtre de votre navigateur pour continuer.
              </p>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function Preview({ camera, track }: { camera: DeviceState; track: PreviewTrack | null }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element || !track) return;
    track.attach(element);
    return () => track.detach(element);
  }, [track]);
  const showing = camera.status === 'on' && track;
  return (
    <div className="relative flex aspect-video items-center justify-center overflow-hidden rounded-xl bg-dark">
      {showing ? (
        <video
          ref={video}
          className="size-full -scale-x-100 object-cover"
          aria-label="Aperçu de votre caméra"
          autoPlay
          muted
          playsInline
        />
      ) : (
        <p className="px-6 text-center font-semibold text-white">
          {camera.status === 'pending'
            ? 'Ouverture de la caméra…'
            : camera.status === 'off'
              ? 'Caméra coupée'
              : 'Pas d’image de la caméra'}
        </p>
      )}
    </div>
  );
}

function DeviceControl({
  kind,
  device,
  options,
  disabled,
  onSwitch,
  onChoose,
  children,
}: {
  kind: DeviceKind;
  device: DeviceState;
  options: DeviceOption[];
  disabled: boolean;
  onSwitch(on: boolean): void;
  onChoose(deviceId: string): void;
  children?: ReactNode;
}) {
  const selectId = useId();
  const labels = LABELS[kind];
  const on = device.status !== 'off' && !isProblem(device.status);
  const selected = device.deviceId ?? options[0]?.deviceId ?? '';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label htmlFor={selectId} className="font-semibold">
          {labels.choose}
        </label>
        <button
          type="button"
          aria-pressed={on}
          disabled={disabled || isProblem(device.status)}
          onClick={() => onSwitch(!on)}
          className={cx(
            'inline-flex min-h-10 items-center gap-2 rounded-full border-2 px-4 text-sm font-semibold',
            'disabled:cursor-not-allowed disabled:opacity-60',
            on ? 'border-purple bg-purple text-white' : 'border-grey-text bg-white text-dark',
            focusRing,
          )}
        >
          {labels.name}
          {/* The state is aria-pressed's to say; the words are for the eyes. */}
          <span aria-hidden="true" className="font-normal">
            {on ? labels.on : labels.off}
          </span>
        </button>
      </div>
      <select
        id={selectId}
        className={controlClassName(false)}
        value={selected}
        disabled={disabled || options.length === 0}
        onChange={(event) => onChoose(event.target.value)}
      >
        {options.length === 0 && <option value="">Aucun appareil disponible</option>}
        {options.map((option) => (
          <option key={option.deviceId} value={option.deviceId}>
            {option.label}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}

/** How often the level meter reads the microphone: lively enough to follow a voice, cheap to draw. */
export const LEVEL_EVERY_MS = 100;

/** The microphone's level, live: the bar moves when the viewer speaks. */
function MicrophoneLevel({ track }: { track: PreviewTrack }) {
  const meterId = useId();
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const read = () => setLevel(Math.round(Math.min(1, Math.max(0, track.level?.() ?? 0)) * 100));
    const timer = setInterval(read, LEVEL_EVERY_MS);
    return () => clearInterval(timer);
  }, [track]);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <label htmlFor={meterId} className="text-sm">
          Niveau du micro
        </label>
        <meter
          id={meterId}
          min={0}
          max={100}
          value={level}
          className={cx(
            'h-3 flex-1 appearance-none overflow-hidden rounded-full border border-grey-text bg-white',
            '[&::-webkit-meter-bar]:h-3 [&::-webkit-meter-bar]:border-0 [&::-webkit-meter-bar]:bg-white',
            '[&::-webkit-meter-optimum-value]:bg-purple [&::-moz-meter-bar]:bg-purple',
          )}
        />
      </div>
      <p className="text-sm text-grey-text">Parlez : la barre doit bouger.</p>
    </div>
  );
}

type SoundTest = 'idle' | 'playing' | 'played' | 'failed';

/** The speaker to use (where the browser lets one choose) and a short sound to check it plays. */
function SoundCheck({
  speakers,
  speaker,
  disabled,
  onChoose,
  onTest,
}: {
  speakers: DeviceOption[];
  speaker: string | null;
  disabled: boolean;
  onChoose(deviceId: string): void;
  onTest(): Promise<void>;
}) {
  const selectId = useId();
  const [test, setTest] = useState<SoundTest>('idle');
  const play = () => {
    setTest('playing');
    onTest().then(
      () => setTest('played'),
      () => setTest('failed'),
    );
  };
  return (
    <div className="flex flex-col gap-2">
      {speakers.length > 0 && (
        <>
          <label htmlFor={selectId} className="font-semibold">
            Haut-parleur utilisé
          </label>
          <select
            id={selectId}
            className={controlClassName(false)}
            value={speaker ?? speakers[0]?.deviceId}
            disabled={disabled}
            onChange={(event) => {
              setTest('idle');
              onChoose(event.target.value);
            }}
          >
            {speakers.map((option) => (
              <option key={option.deviceId} value={option.deviceId}>
                {option.label}
              </option>
            ))}
          </select>
        </>
      )}
      <div>
        <Button
          variant="outline"
          color="purple"
          onClick={play}
          loading={test === 'playing'}
          disabled={disabled}
        >
          Tester le son
        </Button>
      </div>
      <p role="status" className="text-sm">
        {test === 'played'
          ? 'Un son vient d’être joué. Si vous ne l’avez pas entendu, montez le volume ou choisissez un autre haut-parleur.'
          : test === 'failed'
            ? 'Le son n’a pas pu être joué sur ce haut-parleur. Choisissez-en un autre, ou vérifiez le volume de l’appareil.'
            : ''}
      </p>
    </div>
  );
}
