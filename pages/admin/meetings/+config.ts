import type { Config } from 'vike/types';

export default {
  title: 'Rencontres — Administration — Passerelle Industrie',
  access: 'admin',
} satisfies Config;
