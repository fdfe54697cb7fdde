import type { Config } from 'vike/types';

export default {
  title: 'Supprimer le créneau — Passerelle Industrie',
  access: 'recruiter',
} satisfies Config;
