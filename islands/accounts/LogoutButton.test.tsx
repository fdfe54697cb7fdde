import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCacheStorage, WORKER_CACHES } from '../../tests/fixtures/fake-cache-storage.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { LogoutButton } from './LogoutButton.tsx';

const api = fakeGraphQL();
afterEach(() => vi.restoreAllMocks());

describe('LogoutButton', () => {
  it('ends the session, forgets the stored tokens and the kept pages, then leaves for the login', async () => {
    const steps: string[] = [];
    vi.spyOn(window.location, 'assign').mockImplementation((url) => {
      steps.push(`assign ${String(url)}`);
    });
    const storage = fakeCacheStorage(WORKER_CACHES, (name) => steps.push(`delete ${name}`));
    api.answers.push({ data: { logout: true } });
    window.localStorage.setItem('accessToken', 'abc');
    render(<LogoutButton />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(steps.at(-1)).toBe('assign /login-teacher'));
    expect(api.requests).toHaveLength(1);
    expect(storage.deleted.sort()).toEqual(['pages', 'public-pages']);
    expect(steps).toHaveLength(3);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('forgets the kept pages even when the server cannot be reached', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const storage = fakeCacheStorage(WORKER_CACHES);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(<LogoutButton />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login-teacher'));
    expect(storage.names()).toEqual(['assets', 'workbox-precache-v2-http://localhost:3000/']);
  });
});
