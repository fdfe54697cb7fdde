type ClassValue = string | false | null | undefined;

export function cx(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}

/** A white gap then a blue ring: visible on light and dark surfaces alike, and kept in forced-colours mode. */
export const focusRing =
  'focus-visible:outline-hidden focus-visible:ring-3 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:ring-offset-white';
