import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/Button.tsx';
import type { VideoRoomProps } from './room-port.ts';

export type { VideoRoomProps };

type Loading = 'loading' | 'ready' | 'failed';

/**
 * The video room's island. The server renders only this placeholder; in the browser it loads the room
 * (room-app.tsx: LiveKit, its components and styles, in chunks only this page asks for) and renders it with
 * a root of its own inside the island, since none of it can render on the server.
 */
export function VideoRoom(props: VideoRoomProps) {
  const mount = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState<Loading>('loading');

  // The props never change: the server serialised them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    let cancelled = false;
    let unmount: (() => void) | undefined;
    import('./room-app.tsx').then(
      ({ mountRoom }) => {
        if (cancelled || !mount.current) return;
        unmount = mountRoom(mount.current, props);
        setLoading('ready');
      },
      () => {
        if (!cancelled) setLoading('failed');
      },
    );
    return () => {
      cancelled = true;
      // Not while this root is committing: the room's root is unmounted right after.
      if (unmount) setTimeout(unmount);
    };
  }, []);

  return (
    <div className="flex flex-col gap-4">
      {loading === 'loading' && (
        <p role="status" className="rounded-2xl bg-white p-6">
          Préparation de la salle…
        </p>
      )}
      {loading === 'failed' && (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-2xl border-2 border-error-text bg-error-light p-6"
        >
          <p className="font-bold">La salle n’a pas pu se charger.</p>
          <p>Vérifiez votre connexion à Internet, puis rechargez la page.</p>
          <div>
            {/* A module that failed to load stays failed for this page: only a reload tries again. */}
            <Button color="purple" onClick={() => window.location.reload()}>
              Recharger la page
            </Button>
          </div>
        </div>
      )}
      <div ref={mount} />
    </div>
  );
}
