import type { Config } from 'vike/types';

export default {
  title: 'Connexion administrateur — Passerelle Industrie',
  access: 'public',
  menu: false,
} satisfies Config;
