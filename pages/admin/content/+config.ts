import type { Config } from 'vike/types';

export default {
  title: 'Contenus — Administration — Passerelle Industrie',
  access: 'admin',
} satisfies Config;
