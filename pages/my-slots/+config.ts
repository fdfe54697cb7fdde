import type { Config } from 'vike/types';

export default {
  title: 'Gérer mes créneaux — Passerelle Industrie',
  access: 'recruiter',
} satisfies Config;
