import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Card, type CardBackground } from './Card.tsx';

afterEach(cleanup);

describe('Card', () => {
  it('is a white div by default', () => {
    render(<Card data-testid="card">Contenu</Card>);
    const card = screen.getByTestId('card');
    expect(card.tagName).toBe('DIV');
    expect(card.className).toContain('bg-white');
    expect(card.className).toContain('text-dark');
  });

  it.each<[CardBackground, string]>([
    ['grey', 'text-dark'],
    ['greyDark', 'text-white'],
    ['dark', 'text-white'],
    ['yellowGradient', 'text-dark'],
    ['purpleGradient', 'text-white'],
    ['greenGradient', 'text-dark'],
    ['error', 'text-dark'],
    ['purple', 'text-white'],
  ])('on %s background writes %s', (background, text) => {
    render(
      <Card background={background} data-testid="card">
        Contenu
      </Card>,
    );
    expect(screen.getByTestId('card').className).toContain(text);
  });

  it('can be an article with extra classes', () => {
    render(
      <Card as="article" className="max-w-md" aria-label="Entreprise">
        Contenu
      </Card>,
    );
    const card = screen.getByRole('article', { name: 'Entreprise' });
    expect(card.className).toContain('max-w-md');
  });
});
