/**
 * Which proxy in front of a Node server may tell the client's address (TRUST_PROXY): `cloudflare` trusts
 * `CF-Connecting-IP`; `local`, a reverse proxy on this machine (Caddy, nginx: docs/operations.md), the last
 * address of `X-Forwarded-For`, the one that proxy appended, and only on a connection from loopback. Unset,
 * no header is believed: any client can send one.
 */
export type TrustedProxy = 'cloudflare' | 'local';

export interface AddressPolicy {
  trustProxy?: TrustedProxy | undefined;
  /** On Workers the platform sets `CF-Connecting-IP` itself, over whatever the client sent. */
  onWorkers: boolean;
}

const CF_CONNECTING_IP = 'cf-connecting-ip';

/**
 * The address the connection came from, as the platform knows it: on Node the socket's (srvx puts it on the
 * request as `ip`), on Workers the platform's header. Never a header a client could have written.
 */
export function peerAddress(request: Request, policy: Pick<AddressPolicy, 'onWorkers'>): string | undefined {
  if (policy.onWorkers) return request.headers.get(CF_CONNECTING_IP)?.trim() || undefined;
  return (request as Request & { ip?: string }).ip || undefined;
}

/**
 * The client's address for rate limits and logs: the peer's, unless TRUST_PROXY names the proxy in front,
 * whose header then counts (without it the request did not come through that proxy: the peer counts).
 */
export function clientAddress(request: Request, policy: AddressPolicy): string {
  if (!policy.onWorkers && policy.trustProxy === 'cloudflare') {
    const relayed = request.headers.get(CF_CONNECTING_IP)?.trim();
    if (relayed) return relayed;
  }
  const peer = peerAddress(request, policy);
  if (!policy.onWorkers && policy.trustProxy === 'local' && isLoopback(peer)) {
    // What the client wrote comes first; the local proxy appends the address it saw last.
    const appended = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (appended) return appended;
  }
  return peer ?? 'unknown';
}

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv4-mapped IPv6 address. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || address === '0:0:0:0:0:0:0:1' || /^127(\.\d{1,3}){3}$/.test(ipv4);
}

/** Headers a proxy adds when it relays a request: a proxy on this machine connects from loopback too. */
const RELAY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', CF_CONNECTING_IP];

export function isRelayed(request: Request): boolean {
  return RELAY_HEADERS.some((name) => request.headers.has(name));
}
