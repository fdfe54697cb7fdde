import type { Config } from 'vike/types';

export default {
  title: 'Administration — Passerelle Industrie',
  access: 'admin',
} satisfies Config;
