import type { Config } from 'vike/types';

export default {
  title: 'Connexion entreprise — Passerelle Industrie',
  menu: false,
} satisfies Config;
