import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, paginationItems } from './Pagination.tsx';

afterEach(cleanup);

describe('paginationItems', () => {
  it.each([
    [1, 1, 1, [1]],
    [1, 2, 1, [1, 2]],
    [1, 10, 1, [1, 2, 'ellipsis', 10]],
    [5, 10, 1, [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]],
    [10, 10, 1, [1, 'ellipsis', 9, 10]],
    [3, 10, 1, [1, 2, 3, 4, 'ellipsis', 10]],
    [4, 10, 1, [1, 2, 3, 4, 5, 'ellipsis', 10]],
    [5, 10, 2, [1, 2, 3, 4, 5, 6, 7, 'ellipsis', 10]],
    [5, 10, 0, [1, 'ellipsis', 5, 'ellipsis', 10]],
    [50, 7, 1, [1, 'ellipsis', 6, 7]],
    [-3, 7, 1, [1, 2, 'ellipsis', 7]],
  ])('page %i of %i with range %i', (page, total, range, expected) => {
    expect(paginationItems(page, total, range)).toEqual(expected);
  });

  it('defaults to a range of 1 and is empty without pages', () => {
    expect(paginationItems(5, 10)).toEqual(paginationItems(5, 10, 1));
    expect(paginationItems(1, 0)).toEqual([]);
  });
});

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} total={1} hrefFor={(p) => `?page=${p}`} />);
    expect(container.innerHTML).toBe('');
  });

  it('renders links that work without JavaScript', () => {
    render(<Pagination page={5} total={10} hrefFor={(p) => `/search-companies?page=${p}`} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Page précédente',
      'Page 1',
      'Page 4',
      'Page 5',
      'Page 6',
      'Page 10',
      'Page suivante',
    ]);
    expect(screen.getByRole('link', { name: 'Page précédente' }).getAttribute('href')).toBe(
      '/search-companies?page=4',
    );
    expect(screen.getByRole('link', { name: 'Page suivante' }).getAttribute('href')).toBe(
      '/search-companies?page=6',
    );
    expect(screen.getByRole('link', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Page 4' }).hasAttribute('aria-current')).toBe(false);
    expect(nav.textContent).toContain('…');
  });

  it('has no previous link on the first page and no next link on the last', () => {
    const { rerender } = render(<Pagination page={1} total={3} hrefFor={(p) => `?page=${p}`} />);
    expect(screen.queryByRole('link', { name: 'Page précédente' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Page suivante' })).toBeTruthy();
    rerender(<Pagination page={3} total={3} hrefFor={(p) => `?page=${p}`} />);
    expect(screen.queryByRole('link', { name: 'Page suivante' })).toBeNull();
  });

  it('with onChange only, uses buttons reachable with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination page={1} total={4} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Page précédente' }).hasAttribute('disabled')).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Page 1' }));
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
  });

  it('with both, lets onChange handle a plain click on a link', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination page={2} total={4} hrefFor={(p) => `?page=${p}`} onChange={onChange} />);
    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });
});
