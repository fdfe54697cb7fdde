import type { Config } from 'vike/types';

export default {
  title: 'Confirmer ma demande — Passerelle Industrie',
  access: 'public',
  menu: false,
} satisfies Config;
