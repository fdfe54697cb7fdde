import type { Config } from 'vike/types';

export default {
  title: 'Mon équipe — Passerelle Industrie',
  access: 'recruiter',
} satisfies Config;
