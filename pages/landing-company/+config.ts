import type { Config } from 'vike/types';

export default {
  title: 'Espace entreprise — Passerelle Industrie',
  menu: false,
} satisfies Config;
