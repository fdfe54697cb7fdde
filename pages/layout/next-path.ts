/** Where to go after logging in: a path of this site only, never another site (open redirect). */
export function safeNextPath(next: string | undefined, fallback: string): string {
  return next && /^\/(?![/\\])/.test(next) ? next : fallback;
}
