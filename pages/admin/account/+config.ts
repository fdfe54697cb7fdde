import type { Config } from 'vike/types';

export default {
  title: 'Mon compte — Administration — Passerelle Industrie',
  access: 'admin',
} satisfies Config;
