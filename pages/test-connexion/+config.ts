import type { Config } from 'vike/types';

export default {
  title: 'Tester ma connexion — Passerelle Industrie',
  access: 'public',
} satisfies Config;
