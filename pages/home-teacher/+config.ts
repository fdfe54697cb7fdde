import type { Config } from 'vike/types';

export default {
  title: 'Mon espace — Passerelle Industrie',
  access: 'teacher',
} satisfies Config;
