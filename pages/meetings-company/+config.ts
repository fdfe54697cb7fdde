import type { Config } from 'vike/types';

export default {
  title: 'Mes créneaux — Passerelle Industrie',
  access: 'recruiter',
} satisfies Config;
