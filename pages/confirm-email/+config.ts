import type { Config } from 'vike/types';

export default {
  title: 'Nouvelle adresse e-mail — Passerelle Industrie',
  menu: false,
} satisfies Config;
