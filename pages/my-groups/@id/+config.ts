import type { Config } from 'vike/types';

export default {
  title: 'Ma classe — Passerelle Industrie',
  access: 'teacher',
} satisfies Config;
