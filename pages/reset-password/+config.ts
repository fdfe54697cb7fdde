import type { Config } from 'vike/types';

export default {
  title: 'Nouveau mot de passe — Passerelle Industrie',
  menu: false,
  // Its address carries the reset token: no cache keeps it.
  cacheControl: 'no-store',
} satisfies Config;
