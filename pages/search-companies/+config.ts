import type { Config } from 'vike/types';

export default {
  title: 'Chercher une entreprise — Passerelle Industrie',
} satisfies Config;
