import type { Config } from 'vike/types';

export default {
  title: 'Mot de passe oublié — Passerelle Industrie',
  menu: false,
} satisfies Config;
