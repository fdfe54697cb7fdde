import type { Config } from 'vike/types';

export default {
  title: 'Opérateurs — Administration — Passerelle Industrie',
  access: 'admin',
} satisfies Config;
