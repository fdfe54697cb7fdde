import type { Config } from 'vike/types';

export default {
  title: 'Visioconférence — Passerelle Industrie',
  access: 'user',
  menu: false,
} satisfies Config;
