import { TOAST_TIMEOUT_MS } from '../../common/constants.ts';

export type ToastType = 'default' | 'info' | 'success' | 'warning' | 'danger';

export interface ToastOptions {
  type?: ToastType;
  /** milliseconds before it closes by itself; 0 keeps it until closed */
  timeout?: number;
}

export interface ToastItem {
  id: number;
  message: string;
  type: ToastType;
  timeout: number;
}

type Listener = () => void;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function setToasts(next: readonly ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function show(message: string, { type = 'default', timeout = TOAST_TIMEOUT_MS }: ToastOptions = {}): number {
  const id = nextId++;
  setToasts([...toasts, { id, message, type, timeout }]);
  return id;
}

const withType =
  (type: ToastType) =>
  (message: string, options: Omit<ToastOptions, 'type'> = {}): number =>
    show(message, { ...options, type });

export const toast = {
  show,
  info: withType('info'),
  success: withType('success'),
  warning: withType('warning'),
  danger: withType('danger'),
  dismiss(id: number) {
    if (toasts.some((item) => item.id === id)) setToasts(toasts.filter((item) => item.id !== id));
  },
  clear() {
    if (toasts.length > 0) setToasts([]);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot(): readonly ToastItem[] {
    return toasts;
  },
};
