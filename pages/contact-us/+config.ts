import type { Config } from 'vike/types';

export default {
  title: 'Nous contacter — Passerelle Industrie',
  access: 'user',
} satisfies Config;
