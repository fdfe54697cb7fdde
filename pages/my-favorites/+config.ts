import type { Config } from 'vike/types';

export default {
  title: 'Mes favoris — Passerelle Industrie',
  access: 'teacher',
} satisfies Config;
