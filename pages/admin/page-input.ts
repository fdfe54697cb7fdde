import { redirect, render } from 'vike/abort';
import { MAINLAND_TIME_ZONE } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { zonedWallClockToUtc } from '../../common/time.ts';

/**
 * A back-office page's data: the use case decides who may see what; its refusal becomes the page's answer
 * (a login, a 403, or a 404 that says nothing of what exists). Pages reach the server through the domains'
 * indexes, which do not export the AppError class: the error is read by its name and code.
 */
export async function pageOf<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code =
      error instanceof Error && error.name === 'AppError' ? (error as Error & { code?: string }).code : null;
    if (code === 'UNAUTHENTICATED') throw redirect(ROUTES.adminLogin);
    if (code === 'FORBIDDEN') throw render(403);
    if (code === 'NOT_FOUND') throw render(404);
    throw error;
  }
}

/** A positive whole number from the URL, or null. */
export function idOf(value: string | undefined): number | null {
  const id = Number(value);
  return value && /^\d{1,15}$/.test(value) && id > 0 ? id : null;
}

/** A page number from the URL (1 when absent or wrong). */
export function pageNumberOf(value: string | undefined): number {
  return idOf(value) ?? 1;
}

/** One of the choices, or null (an unknown value in a URL filters nothing). */
export function choiceOf<T extends string>(value: string | undefined, choices: readonly T[]): T | null {
  return choices.includes(value as T) ? (value as T) : null;
}

/** A filter's text: trimmed, capped, null when empty. */
export function textOf(value: string | undefined, max: number): string | null {
  const text = value?.trim().slice(0, max);
  return text ? text : null;
}

/** A day of a date field (YYYY-MM-DD) as its first instant in Europe/Paris, or null. */
export function dayOf(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) return null;
  return zonedWallClockToUtc(value, '00:00', MAINLAND_TIME_ZONE);
}
