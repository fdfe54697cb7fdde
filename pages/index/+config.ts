import type { Config } from 'vike/types';

export default {
  title: 'Passerelle Industrie — rencontrez les entreprises industrielles',
  menu: false,
} satisfies Config;
