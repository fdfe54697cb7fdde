import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_SWIPE_CLOSE_PX, TOAST_TIMEOUT_MS } from '../../common/constants.ts';
import { TOAST_EXIT_MS, Toaster } from './Toast.tsx';
import { toast } from './toast-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
  // After each user-event call Testing Library awaits a 0 ms timer, which it only advances under Jest's fake timers.
});

afterEach(() => {
  cleanup();
  act(() => toast.clear());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const setup = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function swipe(element: HTMLElement, dx: number) {
  fireEvent.pointerDown(element, { pointerId: 1, button: 0, clientX: 100 });
  fireEvent.pointerMove(element, { pointerId: 1, clientX: 100 + dx / 2 });
  fireEvent.pointerMove(element, { pointerId: 1, clientX: 100 + dx });
  fireEvent.pointerUp(element, { pointerId: 1, clientX: 100 + dx });
}

describe('toast store', () => {
  it('queues typed toasts with the default timeout and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = toast.subscribe(listener);
    const id = toast.success('Créneau enregistré');
    toast.show('Bienvenue', { timeout: 0 });
    expect(toast.getSnapshot().map(({ message, type, timeout }) => ({ message, type, timeout }))).toEqual([
      { message: 'Créneau enregistré', type: 'success', timeout: TOAST_TIMEOUT_MS },
      { message: 'Bienvenue', type: 'default', timeout: 0 },
    ]);
    toast.dismiss(id);
    expect(toast.getSnapshot()).toHaveLength(1);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    toast.clear();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('Toaster', () => {
  it('renders nothing but its container before any toast', () => {
    const { container } = render(<Toaster />);
    expect(container.firstElementChild?.children).toHaveLength(0);
  });

  it('shows toasts politely, danger ones as alerts, with their colours', () => {
    render(<Toaster />);
    act(() => {
      toast.info('Information');
      toast.warning('Attention');
      toast.danger('Adresse introuvable');
      toast.success('Enregistré');
      toast.show('Bonjour');
    });
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((s) => s.textContent)).toEqual(['Information', 'Attention', 'Enregistré', 'Bonjour']);
    expect(statuses[0]?.getAttribute('aria-live')).toBe('polite');
    expect(statuses[0]?.className).toContain('bg-blue');
    expect(statuses[1]?.className).toContain('bg-warning');
    expect(statuses[2]?.className).toContain('bg-success');
    expect(statuses[3]?.className).toContain('bg-purple');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Adresse introuvable');
    expect(alert.className).toContain('bg-error');
  });

  it(`closes by itself after ${TOAST_TIMEOUT_MS} ms`, () => {
    render(<Toaster />);
    act(() => {
      toast.info('Bientôt parti');
    });
    advance(TOAST_TIMEOUT_MS - 1);
    expect(screen.getByRole('status').dataset.state).toBe('open');
    advance(1);
    expect(screen.getByRole('status').dataset.state).toBe('closing');
    advance(TOAST_EXIT_MS);
    expect(screen.queryByRole('status')).toBeNull();
    expect(toast.getSnapshot()).toHaveLength(0);
  });

  it('pauses its timer while hovered and resumes with the time left', async () => {
    const user = setup();
    render(<Toaster />);
    act(() => {
      toast.info('Survolez-moi');
    });
    advance(3000);
    await user.hover(screen.getByRole('status'));
    advance(10_000);
    expect(screen.getByRole('status').dataset.state).toBe('open');
    await user.unhover(screen.getByRole('status'));
    advance(1999);
    expect(screen.getByRole('status').dataset.state).toBe('open');
    advance(1);
    expect(screen.getByRole('status').dataset.state).toBe('closing');
    advance(TOAST_EXIT_MS);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('pauses while focus is inside, and closes with the "Fermer" button from the keyboard', async () => {
    const user = setup();
    render(<Toaster />);
    act(() => {
      toast.warning('Lisez-moi');
    });
    await user.tab();
    const close = screen.getByRole('button', { name: 'Fermer' });
    expect(document.activeElement).toBe(close);
    advance(TOAST_TIMEOUT_MS * 2);
    expect(screen.getByRole('status').dataset.state).toBe('open');
    await user.keyboard('{Enter}');
    advance(TOAST_EXIT_MS);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes when its close button is clicked', async () => {
    const user = setup();
    render(<Toaster />);
    act(() => {
      toast.show('Un', { timeout: 0 });
      toast.show('Deux', { timeout: 0 });
    });
    const [, second] = screen.getAllByRole('button', { name: 'Fermer' });
    await user.click(second as HTMLElement);
    advance(TOAST_EXIT_MS);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Un']);
  });

  it(`closes when swiped beyond ${TOAST_SWIPE_CLOSE_PX} px, in either direction`, () => {
    render(<Toaster />);
    act(() => {
      toast.show('À droite', { timeout: 0 });
      toast.show('À gauche', { timeout: 0 });
    });
    const [right, left] = screen.getAllByRole('status') as [HTMLElement, HTMLElement];
    swipe(right, TOAST_SWIPE_CLOSE_PX + 1);
    swipe(left, -(TOAST_SWIPE_CLOSE_PX + 50));
    expect(right.dataset.state).toBe('closing');
    expect(left.style.transform).toBe('translateX(-110%)');
    advance(TOAST_EXIT_MS);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it(`follows the pointer but stays when swiped ${TOAST_SWIPE_CLOSE_PX} px or less`, () => {
    render(<Toaster />);
    act(() => {
      toast.info('Je reste');
    });
    const status = screen.getByRole('status');
    fireEvent.pointerDown(status, { pointerId: 1, button: 0, clientX: 100 });
    fireEvent.pointerMove(status, { pointerId: 1, clientX: 250 });
    expect(status.style.transform).toBe('translateX(150px)');
    fireEvent.pointerUp(status, { pointerId: 1, clientX: 100 + TOAST_SWIPE_CLOSE_PX });
    expect(status.dataset.state).toBe('open');
    expect(status.style.transform).toBe('');
    advance(TOAST_TIMEOUT_MS - 1);
    expect(status.dataset.state).toBe('open');
  });

  it('swipes with a real pointer sequence', async () => {
    const user = setup();
    render(<Toaster />);
    act(() => {
      toast.info('Glissez-moi', { timeout: 0 });
    });
    const target = screen.getByRole('paragraph');
    await user.pointer([
      { keys: '[MouseLeft>]', target, coords: { clientX: 10 } },
      { target, coords: { clientX: 120 } },
      { target, coords: { clientX: 10 + TOAST_SWIPE_CLOSE_PX + 10 } },
      { keys: '[/MouseLeft]', target, coords: { clientX: 10 + TOAST_SWIPE_CLOSE_PX + 10 } },
    ]);
    expect(screen.getByRole('status').dataset.state).toBe('closing');
  });
});
