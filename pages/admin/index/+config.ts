import type { Config } from 'vike/types';

export default {
  title: 'Entreprises — Administration — Passerelle Industrie',
} satisfies Config;
