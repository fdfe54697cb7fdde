import type { Config } from 'vike/types';

export default {
  title: 'Mes classes — Passerelle Industrie',
  access: 'teacher',
} satisfies Config;
