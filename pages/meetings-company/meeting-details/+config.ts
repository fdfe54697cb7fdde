import type { Config } from 'vike/types';

export default {
  title: 'Détail de la rencontre — Passerelle Industrie',
  access: 'recruiter',
} satisfies Config;
