import type { Config } from 'vike/types';

export default {
  title: 'Journal — Administration — Passerelle Industrie',
  access: 'admin',
} satisfies Config;
