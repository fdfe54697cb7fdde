import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FailureNotice, failureText } from './RoomNotices.tsx';
import { RoomOpening, timeLeftText } from './RoomOpening.tsx';
import type { JoinFailure } from './room-state.ts';

/** Each failure worded for the side that reads it, and the closed page's countdown on a fake clock. */

const ROOM = {
  opensAt: '2026-11-24T08:45:00.000Z',
  closesAt: '2026-11-24T10:30:00.000Z',
  timeZone: 'Europe/Paris',
};
const host = (failure: JoinFailure) => failureText(failure, { ...ROOM, role: 'host' });
const school = (failure: JoinFailure) => failureText(failure, { ...ROOM, role: 'participant' });
const EVERY_FAILURE: JoinFailure[] = [
  { kind: 'unreachable' },
  { kind: 'expired' },
  { kind: 'closed', opensAt: ROOM.opensAt, closesAt: ROOM.closesAt },
  { kind: 'unavailable', externalLink: null },
  { kind: 'forbidden' },
  { kind: 'lost' },
  { kind: 'ended' },
  { kind: 'duplicate' },
  { kind: 'api', message: 'Erreur' },
];

/** The failure's notice as `role` sees it in a conference room. */
function renderFailure(failure: JoinFailure, role: 'host' | 'participant') {
  return render(
    <FailureNotice
      failure={failure}
      props={{
        ...ROOM,
        role,
        slotId: 1,
        mode: 'conference',
        displayName: 'X',
        returnUrl: '/',
        returnLabel: 'Retour',
      }}
      canRetry
      onRetry={() => {}}
      onOpened={() => {}}
    />,
  );
}

describe('the room’s failures, by who reads them', () => {
  it('tells a class about its school’s network, and the company about its own', () => {
    expect(school({ kind: 'unreachable' }).detail).toContain('le réseau de votre établissement');
    expect(host({ kind: 'unreachable' }).detail).toContain('le réseau de votre entreprise');
  });

  it('never tells the host about a school, nor a class about what only the host does', () => {
    for (const failure of EVERY_FAILURE) {
      const text = host(failure);
      expect(`${text.title} ${text.detail ?? ''}`).not.toMatch(/établissement|réservation|L’organisateur/);
    }
    for (const failure of EVERY_FAILURE) {
      const text = school(failure);
      expect(`${text.title} ${text.detail ?? ''}`).not.toMatch(/entreprise \(|Vous avez mis fin|animer/);
    }
  });

  it('says who ended the meeting, and why the right to enter was lost', () => {
    expect(host({ kind: 'ended' }).title).toBe('Vous avez mis fin à la rencontre pour tous.');
    expect(school({ kind: 'ended' }).title).toBe('L’organisateur a fermé la salle.');
    expect(host({ kind: 'forbidden' }).detail).toContain('votre compte n’y est peut-être plus rattaché');
    expect(school({ kind: 'forbidden' }).detail).toContain('votre réservation a peut-être été annulée');
  });
});

describe('a network failure sends to « Tester ma connexion » (issue 38)', () => {
  it('links the test on a server out of reach and a connection lost, on no other failure', () => {
    for (const role of ['host', 'participant'] as const) {
      const shown = (failure: JoinFailure) => {
        const { unmount } = renderFailure(failure, role);
        const link = screen.queryByRole('link', { name: 'Tester ma connexion (nouvel onglet)' });
        const href = link?.getAttribute('href') ?? null;
        unmount();
        return href;
      };
      for (const failure of EVERY_FAILURE) {
        expect(shown(failure)).toBe(
          ['unreachable', 'lost'].includes(failure.kind) ? '/test-connexion' : null,
        );
      }
    }
  });
});

describe('the external link, by who follows it', () => {
  it('is the company’s own link to the host, the company’s to a class', () => {
    const failure: JoinFailure = { kind: 'unavailable', externalLink: 'https://visio.example.fr/forges' };
    const notice = (role: 'host' | 'participant') => renderFailure(failure, role);
    const host = notice('host');
    expect(
      screen.getByRole('link', { name: /Ouvrir le lien de visioconférence de votre créneau/ }),
    ).toBeTruthy();
    host.unmount();
    notice('participant');
    expect(screen.getByRole('link', { name: /Rejoindre par le lien de l’entreprise/ })).toBeTruthy();
  });
});

describe('the closed room page’s countdown', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('writes the time left in French', () => {
    expect(timeLeftText(12_000)).toBe('12\u00a0s');
    expect(timeLeftText(4 * 60_000 + 5_000)).toBe('4\u00a0min\u00a005\u00a0s');
    expect(timeLeftText(3_600_000 + 5 * 60_000)).toBe('1\u00a0h\u00a005\u00a0min');
    expect(timeLeftText(2 * 86_400_000 + 3 * 3_600_000)).toBe('2\u00a0jours\u00a03\u00a0h');
    expect(timeLeftText(86_400_000)).toBe('1\u00a0jour');
  });

  it('counts down, then loads the page again once, at the opening time', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T08:44:58.000Z'));
    const reload = vi.fn();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
    render(<RoomOpening opensAt={ROOM.opensAt} />);
    expect(screen.getByRole('timer').textContent).toBe('La salle ouvre dans 2\u00a0s.');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer').textContent).toBe('La salle ouvre dans 1\u00a0s.');
    expect(reload).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer').textContent).toBe('La salle ouvre…');
    expect(reload).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
