import type { Context } from 'hono';
import type { UserKind } from '../../common/constants.ts';
import { AppError } from '../errors.ts';
import type { AppEnv, Viewer } from './context.ts';

/** The logged-in caller; UNAUTHENTICATED for a visitor. */
export function requireViewer(c: Context<AppEnv>): Viewer {
  const viewer = c.var.viewer;
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  return viewer;
}

/** The caller when they are one of `kinds`: UNAUTHENTICATED for a visitor, FORBIDDEN for anyone else. */
export function requireKind<K extends UserKind>(
  c: Context<AppEnv>,
  ...kinds: [K, ...K[]]
): Viewer & { kind: K } {
  const viewer = requireViewer(c);
  if (!(kinds as UserKind[]).includes(viewer.kind)) throw new AppError('FORBIDDEN');
  return viewer as Viewer & { kind: K };
}
