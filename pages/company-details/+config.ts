import type { Config } from 'vike/types';

export default {
  title: 'Fiche entreprise — Passerelle Industrie',
} satisfies Config;
