import type { Config } from 'vike/types';

export default {
  title: 'Conditions générales d’utilisation — Passerelle Industrie',
  menu: false,
} satisfies Config;
