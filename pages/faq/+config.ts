import type { Config } from 'vike/types';

export default { title: 'Questions fréquentes — Passerelle Industrie' } satisfies Config;
