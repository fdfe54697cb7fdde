import { redirect, render } from 'vike/abort';
import { ROUTES } from '../../common/routes.ts';

/** The lists' URL readers are the server's, which the exports share (issue 21: one door per filter). */
export { choiceOf, dayOf, textOf } from '../../server/admin/index.ts';

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

/** The id of the page's notice (`Notice`, parts.tsx): where a plain post's redirect opens the page. */
export const NOTICE_ID = 'avis';

/** A positive whole number from the URL, or null. */
export function idOf(value: string | undefined): number | null {
  const id = Number(value);
  return value && /^\d{1,15}$/.test(value) && id > 0 ? id : null;
}

/** A page number from the URL (1 when absent or wrong). */
export function pageNumberOf(value: string | undefined): number {
  return idOf(value) ?? 1;
}
