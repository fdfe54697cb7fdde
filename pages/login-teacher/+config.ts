import type { Config } from 'vike/types';

export default {
  title: 'Connexion enseignant — Passerelle Industrie',
  menu: false,
} satisfies Config;
