import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { VideoRoom, type VideoRoomProps } from './VideoRoom.tsx';

const mountRoom = vi.hoisted(() => vi.fn((_container: HTMLElement, _props: unknown) => () => {}));
vi.mock('./room-app.tsx', () => ({ mountRoom }));

const PROPS: VideoRoomProps = {
  slotId: 12,
  role: 'host',
  mode: 'webinar',
  displayName: 'Léa Durand — Forges du Gier',
  timeZone: 'Europe/Paris',
  opensAt: '2026-11-24T08:45:00.000Z',
  closesAt: '2026-11-24T10:30:00.000Z',
  returnUrl: '/meetings-company',
  returnLabel: 'Retour à mes créneaux',
};

describe('VideoRoom', () => {
  it('renders a placeholder on the server, with nothing of LiveKit', () => {
    const html = renderToString(<VideoRoom {...PROPS} />);
    expect(html).toContain('Préparation de la salle…');
    expect(mountRoom).not.toHaveBeenCalled();
  });

  it('loads the room in the browser and gives it its own root inside the island', async () => {
    render(<VideoRoom {...PROPS} />);
    await vi.waitFor(() => expect(mountRoom).toHaveBeenCalledWith(expect.any(HTMLDivElement), PROPS));
    expect(screen.queryByText('Préparation de la salle…')).toBeNull();
  });
});
