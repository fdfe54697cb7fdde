import type { Config } from 'vike/types';

export default {
  title: 'Mentions légales — Passerelle Industrie',
  // A page to read: no script at all (docs/decisions/0098).
  scripts: false,
} satisfies Config;
