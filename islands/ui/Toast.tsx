import {
  type CSSProperties,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { TOAST_SPACING_PX, TOAST_SWIPE_CLOSE_PX } from '../../common/constants.ts';
import { cx, focusRing } from './cx.ts';
import { type ToastItem, type ToastType, toast } from './toast-store.ts';

/** Length of the slide-out transition, after which the toast leaves the store. */
export const TOAST_EXIT_MS = 200;

const NO_TOASTS: readonly ToastItem[] = [];

const colors: Record<ToastType, string> = {
  default: 'bg-purple text-white',
  info: 'bg-blue text-white',
  success: 'bg-success text-dark',
  warning: 'bg-warning text-dark',
  danger: 'bg-error text-dark',
};

export function Toaster() {
  const items = useSyncExternalStore(toast.subscribe, toast.getSnapshot, () => NO_TOASTS);
  return (
    <div
      className="pointer-events-none fixed top-4 right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col"
      style={{ gap: TOAST_SPACING_PX }}
    >
      {items.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </div>
  );
}

interface Drag {
  pointerId: number;
  startX: number;
  dx: number;
}

function Toast({ item }: { item: ToastItem }) {
  const [exitDirection, setExitDirection] = useState<1 | -1 | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [drag, setDrag] = useState<Drag | null>(null);
  const remaining = useRef(item.timeout);
  const leaving = exitDirection !== null;
  const paused = hovered || focused || drag !== null;

  const close = useCallback((direction: 1 | -1 = 1) => setExitDirection(direction), []);

  useEffect(() => {
    if (leaving || paused || item.timeout <= 0) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => close(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [leaving, paused, item.timeout, close]);

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => toast.dismiss(item.id), TOAST_EXIT_MS);
    return () => clearTimeout(timer);
  }, [leaving, item.id]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (leaving || event.button !== 0 || (event.target as Element).closest('button')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ pointerId: event.pointerId, startX: event.clientX, dx: 0 });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag?.pointerId === event.pointerId) setDrag({ ...drag, dx: event.clientX - drag.startX });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag?.pointerId !== event.pointerId) return;
    const dx = event.clientX - drag.startX;
    if (Math.abs(dx) > TOAST_SWIPE_CLOSE_PX) close(dx < 0 ? -1 : 1);
    setDrag(null);
  };

  let style: CSSProperties | undefined;
  if (leaving) style = { transform: `translateX(${exitDirection * 110}%)`, opacity: 0 };
  else if (drag) style = { transform: `translateX(${drag.dx}px)`, transition: 'none' };

  const danger = item.type === 'danger';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: swiping is a pointer shortcut; the close button is the keyboard way.
    <div
      role={danger ? 'alert' : 'status'}
      aria-live={danger ? 'assertive' : 'polite'}
      data-state={leaving ? 'closing' : 'open'}
      className={cx(
        'pointer-events-auto flex touch-pan-y items-start gap-3 rounded-xl p-4 shadow-lg',
        'transition-[transform,opacity] duration-200 ease-out motion-reduce:transition-none',
        'starting:translate-x-full starting:opacity-0',
        colors[item.type],
      )}
      style={style}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
    >
      <p className="flex-1 text-sm font-medium">{item.message}</p>
      <button
        type="button"
        aria-label="Fermer"
        title="Fermer"
        onClick={() => close()}
        className={cx(
          '-m-1 grid size-8 shrink-0 place-items-center rounded-full hover:bg-black/10',
          focusRing,
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor">
          <path d="M3 3l10 10M13 3L3 13" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
