import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button.tsx';

afterEach(cleanup);

describe('Button', () => {
  it('is a type="button" that reacts to click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Enregistrer</Button>);
    const button = screen.getByRole('button', { name: 'Enregistrer' });
    expect(button.getAttribute('type')).toBe('button');
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('keeps an explicit submit type', () => {
    render(<Button type="submit">Envoyer</Button>);
    expect(screen.getByRole('button').getAttribute('type')).toBe('submit');
  });

  it('renders a link when given href', () => {
    render(
      <Button href="/faq" color="white" variant="outline">
        FAQ
      </Button>,
    );
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
  });

  it('while loading shows the dots, stays focusable and ignores activation', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Enregistrer
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Enregistrer/ });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    expect(screen.getByText('Enregistrer').className).toContain('opacity-0');
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('when disabled cannot be clicked nor focused', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Valider
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Valider' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await user.click(button);
    await user.tab();
    expect(document.activeElement).not.toBe(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('as a disabled link has no href and says it is disabled', () => {
    render(
      <Button href="/my-slots" disabled>
        Mes créneaux
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Mes créneaux' });
    expect(link.hasAttribute('href')).toBe(false);
    expect(link.getAttribute('aria-disabled')).toBe('true');
  });

  it('picks readable text for bright colours and the size classes', () => {
    render(
      <>
        <Button color="green">Vert</Button>
        <Button color="purple" size="xl">
          Violet
        </Button>
        <Button color="error" variant="outline" size="m">
          Erreur
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Vert' }).className).toContain('text-dark');
    expect(screen.getByRole('button', { name: 'Violet' }).className).toMatch(
      /text-white.*min-h-14|min-h-14.*text-white/,
    );
    expect(screen.getByRole('button', { name: 'Erreur' }).className).toContain('text-error-text');
  });

  it('wraps a label too long for its line centred, with room above and below (the landing on a phone)', () => {
    render(
      <Button href="/search-companies" color="yellow" size="xl">
        Chercher une entreprise
      </Button>,
    );
    const classes = screen.getByRole('link', { name: 'Chercher une entreprise' }).className.split(' ');
    expect(classes).toContain('text-center');
    expect(classes).toContain('py-2');
  });
});
