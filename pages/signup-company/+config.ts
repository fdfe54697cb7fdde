import type { Config } from 'vike/types';

export default {
  title: 'Inscription entreprise — Passerelle Industrie',
  menu: false,
} satisfies Config;
