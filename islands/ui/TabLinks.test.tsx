import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TabLinks } from './TabLinks.tsx';

const TABS = [
  { href: '/meetings-teacher', label: 'À venir' },
  { href: '/meetings-teacher?periode=termines', label: 'Terminés' },
];

describe('TabLinks', () => {
  it('is a named navigation of plain links, the current one marked as the page', () => {
    render(<TabLinks label="Période" tabs={TABS} current="/meetings-teacher?periode=termines" />);
    const nav = screen.getByRole('navigation', { name: 'Période' });
    const links = screen.getAllByRole('link');
    expect(nav.contains(links[0] as Node)).toBe(true);
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['À venir', '/meetings-teacher'],
      ['Terminés', '/meetings-teacher?periode=termines'],
    ]);
    expect(screen.getByRole('link', { name: 'Terminés' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'À venir' }).getAttribute('aria-current')).toBeNull();
  });
});
