import { WEBHOOK_MESSAGES } from '../../common/webhooks.ts';

/**
 * Where a partner may have its events sent (docs/decisions/0097): https to a public host. A platform served
 * on localhost (development, the tests) also sends over http to the machine itself, where the tests'
 * receivers listen. Refused everywhere else: the machine itself, private and link-local networks (the cloud's
 * metadata address), by name or by address — the request must not reach what the platform's own network
 * reaches (SSRF). A name that resolves to a private address is not seen here: on Workers fetch reaches no
 * private network; on Node the operators' egress rules are the wall (docs/operations.md).
 */
export function webhookUrlProblem(raw: string, options: { servedOnLocalhost: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MESSAGES.invalidUrl;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return WEBHOOK_MESSAGES.invalidUrl;
  if (url.username || url.password) return WEBHOOK_MESSAGES.withCredentials;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const loopback = isLoopback(host);
  if (options.servedOnLocalhost && loopback) return null;
  if (url.protocol !== 'https:') return WEBHOOK_MESSAGES.notHttps;
  if (loopback || isPrivateName(host) || isPrivateAddress(host)) return WEBHOOK_MESSAGES.privateTarget;
  return null;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

/** Names that only a local network resolves. */
function isPrivateName(host: string): boolean {
  if (!host.includes('.') && !host.includes(':')) return true;
  return ['.local', '.internal', '.lan', '.home.arpa', '.intranet'].some((suffix) => host.endsWith(suffix));
}

/** The URL parser has already written any IPv4 form (decimal, octal, hexadecimal) as four decimal parts. */
function isPrivateAddress(host: string): boolean {
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) return isPrivateV4(v4.slice(1).map(Number) as [number, number, number, number]);
  if (!host.includes(':')) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+|[0-9a-f]{1,4}:[0-9a-f]{1,4})$/.exec(host)?.[1];
  if (mapped) return isPrivateAddress(mapped.includes('.') ? mapped : v4OfHex(mapped));
  return (
    host === '::' ||
    /^f[cd][0-9a-f]{0,2}:/.test(host) || // unique local, fc00::/7
    /^fe[89ab][0-9a-f]?:/.test(host) || // link-local, fe80::/10
    /^ff[0-9a-f]{0,2}:/.test(host) // multicast
  );
}

function v4OfHex(pair: string): string {
  const [high = 0, low = 0] = pair.split(':').map((part) => Number.parseInt(part, 16));
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function isPrivateV4([a, b]: [number, number, number, number]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // shared address space (carrier NAT)
    (a === 169 && b === 254) || // link-local, the cloud's metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}
