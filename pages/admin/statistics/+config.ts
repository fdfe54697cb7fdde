import type { Config } from 'vike/types';

export default {
  title: 'Statistiques — Administration — Passerelle Industrie',
  access: 'admin',
} satisfies Config;
