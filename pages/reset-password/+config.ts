import type { Config } from 'vike/types';

export default {
  title: 'Nouveau mot de passe — Passerelle Industrie',
  menu: false,
} satisfies Config;
