/**
 * The platform's printed documents (docs/decisions/0046): sheets of blocks laid out on A4 by server/pdf.
 * Rendering is a port (decision 0066): in the process on Node; on Workers, a Worker of its own reached
 * through a service binding, so that pdf-lib (244 KiB gzipped) is not in the Worker that serves every page.
 */
export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'facts'; facts: readonly (readonly [label: string, value: string | null | undefined])[] }
  | { kind: 'paragraph'; text: string; bold?: boolean }
  | { kind: 'list'; items: readonly string[] }
  /** Boxes side by side to sign in, each with its label above and room below. */
  | { kind: 'signatures'; labels: readonly string[] };

export interface PdfSheet {
  title: string;
  subtitle?: string;
  blocks: readonly PdfBlock[];
  /**
   * How many times it is printed, one after the other (the parents' authorisation: one per participant).
   * A one-page sheet is laid out once and its copies drawn from it, however many.
   */
  copies?: number;
}

export interface PdfDocumentInput {
  /** The file's title (its metadata), also the footer's left side. */
  title: string;
  sheets: readonly PdfSheet[];
  /** Metadata: when it was made. */
  createdAt: Date;
}

export interface PdfRenderer {
  /** The document as PDF bytes. */
  render(input: PdfDocumentInput): Promise<Uint8Array<ArrayBuffer>>;
}
