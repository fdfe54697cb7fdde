import type { Config } from 'vike/types';

export default {
  title: 'Garder mon compte — Passerelle Industrie',
  // Opened from an e-mail, without logging in; its address carries the link's token: no cache keeps it.
  menu: false,
  cacheControl: 'no-store',
} satisfies Config;
