import type { Config } from 'vike/types';

export default {
  title: 'Mon entreprise — Passerelle Industrie',
  access: 'recruiter',
} satisfies Config;
