/** One mend of a dependency's file: the exact text it replaces, and what it puts instead. */
export interface Patch {
  file: string;
  /** What the patched file contains: a patch already applied is not applied twice. */
  marker: string;
  from: string;
  to: string;
}
