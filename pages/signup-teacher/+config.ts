import type { Config } from 'vike/types';

export default {
  title: 'Inscription enseignant — Passerelle Industrie',
  menu: false,
} satisfies Config;
