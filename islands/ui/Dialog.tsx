import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { cx, focusRing } from './cx.ts';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** buttons shown at the bottom, e.g. Annuler / Confirmer */
  actions?: ReactNode;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

export function Dialog({ open, onClose, title, children, actions, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Without showModal (old browsers, some test DOMs) the dialog is shown in place and the Tab trap below keeps focus in.
    const modal = typeof dialog.showModal === 'function';
    if (modal) dialog.showModal();
    else dialog.setAttribute('open', '');
    if (!dialog.contains(document.activeElement)) (focusables(dialog)[0] ?? dialog).focus();
    return () => {
      if (modal) dialog.close();
      else dialog.removeAttribute('open');
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(event.currentTarget);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      // The browser's own close requests (Escape, Android back) go through onClose so that the parent owns `open`.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cx(
        'fixed inset-0 z-50 m-auto max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] overflow-auto',
        'rounded-2xl bg-white p-0 text-dark shadow-xl backdrop:bg-dark/60 focus:outline-hidden',
        className,
      )}
    >
      {open && (
        <div className="flex flex-col gap-4 p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold">
              {title}
            </h2>
            <button
              type="button"
              aria-label="Fermer"
              title="Fermer"
              onClick={onClose}
              className={cx(
                '-m-1 grid size-9 shrink-0 place-items-center rounded-full hover:bg-grey',
                focusRing,
              )}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 16 16"
                className="size-4"
                fill="none"
                stroke="currentColor"
              >
                <path d="M3 3l10 10M13 3L3 13" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div>{children}</div>
          {actions && <div className="flex flex-wrap justify-end gap-3">{actions}</div>}
        </div>
      )}
    </dialog>
  );
}
