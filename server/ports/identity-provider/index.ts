import { type ProConnectSettings, proConnectSettings } from '../../kernel/config.ts';
import type { IdentityProvider } from '../../kernel/ports/identity-provider.ts';
import { createProConnect } from './proconnect.ts';

export { createProConnect, PROCONNECT_SCOPES, type ProConnectOptions } from './proconnect.ts';

/** ProConnect when the platform is registered with it (its three settings); null otherwise: no button. */
export function createIdentityProvider(
  config: Parameters<typeof proConnectSettings>[0],
): IdentityProvider | null {
  const settings: ProConnectSettings | null = proConnectSettings(config);
  return settings && createProConnect(settings);
}
