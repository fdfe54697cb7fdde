import type { Config } from 'vike/types';

export default {
  title: 'Votre rendez-vous — Passerelle Industrie',
  menu: false,
  // Its address carries a signed link: no cache keeps it.
  cacheControl: 'no-store',
} satisfies Config;
