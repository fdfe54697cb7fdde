import { useEffect, useId, useRef } from 'react';
import { Button } from '../ui/Button.tsx';
import { cx, focusRing } from '../ui/cx.ts';
import { controlClassName } from '../ui/Field.tsx';
import type { DeviceOption, PreviewTrack } from './room-port.ts';
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
  devices: Record<DeviceKind, DeviceOption[]>;
  displayName: string;
  onSwitch(device: DeviceKind, on: boolean): void;
  onChoose(device: DeviceKind, deviceId: string): void;
  onRetryDevices(): void;
  onJoin(): void;
}

const LABELS: Record<DeviceKind, { name: string; on: string; off: string; choose: string }> = {
  camera: { name: 'Caméra', on: 'activée', off: 'coupée', choose: 'Caméra utilisée' },
  microphone: { name: 'Micro', on: 'activé', off: 'coupé', choose: 'Micro utilisé' },
};

/**
 * Before entering: the camera's preview, each device switched on or off and chosen from a list, the name
 * the others will read, and "Rejoindre" — which says which device the viewer will be missing, if any. A
 * webinar's audience has no device to choose: what it can do in the room, its name, "Rejoindre".
 */
export function PreJoin({
  state,
  audience,
  cameraTrack,
  devices,
  displayName,
  onSwitch,
  onChoose,
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
          Votre classe assiste au webinaire depuis le public : vous verrez et entendrez les intervenants, vous
          pourrez écrire dans la discussion et lever la main pour poser une question. Si l’organisateur vous
          invite sur scène, vous pourrez activer votre caméra et votre micro.
        </p>
        <p>
          L’organisateur et les autres participants vous verront sous le nom : <strong>{displayName}</strong>
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
            Les autres participants vous verront sous le nom : <strong>{displayName}</strong>
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
            />
          ))}
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
}: {
  kind: DeviceKind;
  device: DeviceState;
  options: DeviceOption[];
  disabled: boolean;
  onSwitch(on: boolean): void;
  onChoose(deviceId: string): void;
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
    </div>
  );
}
