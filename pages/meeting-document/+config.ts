import type { Config } from 'vike/types';

export default {
  access: 'user',
} satisfies Config;
