import type { Config } from 'vike/types';

export default {
  title: 'Départements — Administration — Passerelle Industrie',
  access: 'admin',
} satisfies Config;
