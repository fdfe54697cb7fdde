const MAX_FILE_NAME_LENGTH = 150;

/**
 * The name a document is saved and downloaded under: the last segment of what the browser sent, without
 * control characters nor those Windows refuses, 150 characters at most, its extension kept.
 * The caller has checked that the name has an accepted extension.
 */
export function cleanFileName(sent: string): string {
  const base = sent.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"*:<>?|]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const dot = cleaned.lastIndexOf('.');
  const extension = dot >= 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const stem = (dot >= 0 ? cleaned.slice(0, dot) : cleaned).trim().replace(/^\.+/, '');
  const room = MAX_FILE_NAME_LENGTH - extension.length - 1;
  return `${[...(stem || 'document')].slice(0, room).join('').trim()}.${extension}`;
}

/**
 * `attachment` with the name twice: plain ASCII for old clients, and UTF-8 (RFC 6266 / 5987) for the
 * others, so that "Plan d'accès.pdf" is saved under its own name.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
