import type { Config } from 'vike/types';

export default {
  title: 'Modifier le créneau — Passerelle Industrie',
  access: 'recruiter',
} satisfies Config;
