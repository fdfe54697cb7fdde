import type { Config } from 'vike/types';

export default {
  title: 'Personnes — Administration — Passerelle Industrie',
  access: 'admin',
} satisfies Config;
