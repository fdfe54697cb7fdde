import type { Config } from 'vike/types';

export default {
  title: 'Aide au transport — Administration — Passerelle Industrie',
  access: 'admin',
} satisfies Config;
