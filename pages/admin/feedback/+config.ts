import type { Config } from 'vike/types';

export default {
  title: 'Avis des enseignants — Administration — Passerelle Industrie',
  access: 'admin',
} satisfies Config;
