import type { Config } from 'vike/types';

export default {
  title: 'Nouveau créneau — Passerelle Industrie',
  access: 'recruiter',
} satisfies Config;
