import type { Config } from 'vike/types';

export default {
  title: 'Rejoindre l’équipe — Passerelle Industrie',
  access: 'public',
} satisfies Config;
