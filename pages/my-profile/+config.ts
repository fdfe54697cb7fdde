import type { Config } from 'vike/types';

export default {
  title: 'Mon profil — Passerelle Industrie',
  access: 'user',
} satisfies Config;
