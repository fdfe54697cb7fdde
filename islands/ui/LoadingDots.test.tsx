import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingDots } from './LoadingDots.tsx';

afterEach(cleanup);

describe('LoadingDots', () => {
  it('announces loading in French', () => {
    render(<LoadingDots />);
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
  });

  it('draws three decorative dots in the chosen colour that stop moving for reduced motion', () => {
    const { container } = render(<LoadingDots color="yellow" label="Envoi en cours" />);
    const dots = container.querySelectorAll('[aria-hidden="true"]');
    expect(dots).toHaveLength(3);
    for (const dot of dots) {
      expect(dot.className).toContain('bg-yellow');
      expect(dot.className).toContain('animate-loading-dot');
      expect(dot.className).toContain('motion-reduce:animate-none');
    }
    expect(screen.getByRole('status').textContent).toBe('Envoi en cours');
  });
});
