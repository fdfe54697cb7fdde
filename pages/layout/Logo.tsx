/**
 * The logo, and the name beside it where the header has room: `wordmarkClassName` hides the name at the
 * widths where it does not fit (the link around the logo carries the name for screen readers).
 */
export function Logo({ wordmarkClassName }: { wordmarkClassName?: string }) {
  return (
    <span className="flex items-center gap-2 font-bold text-purple-dark">
      <img src="/logo.svg" alt="" width="36" height="36" />
      <span className={wordmarkClassName}>Passerelle Industrie</span>
    </span>
  );
}
