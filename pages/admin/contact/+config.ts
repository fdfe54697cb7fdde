import type { Config } from 'vike/types';

export default {
  title: 'Messages de contact — Administration — Passerelle Industrie',
  access: 'admin',
} satisfies Config;
