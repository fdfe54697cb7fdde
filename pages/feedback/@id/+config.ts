import type { Config } from 'vike/types';

export default {
  title: 'Questionnaire de satisfaction — Passerelle Industrie',
  access: 'teacher',
} satisfies Config;
