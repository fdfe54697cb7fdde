import { request } from 'node:http';
import { budget, runAloneOnLargeData, type Service } from './support.ts';

/** The five public pages and the search page a visitor opens (issue 34), with the large data set behind them. */
const PAGES = ['/', '/faq', '/login-teacher', '/landing-company', '/cgu', '/search-companies'];
/** Brotli on the wire, per page: the public pages are a few KiB of HTML each, the search page lists 20 companies. */
const PUBLIC_BUDGET_BYTES = 4 * 1024;
const SEARCH_BUDGET_BYTES = 10 * 1024;

/** The bytes of the body as they cross the wire for that Accept-Encoding, and the encoding answered. */
function onTheWire(origin: string, path: string, acceptEncoding: string) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    const req = request(`${origin}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The HTML of each page as the Node server sends it (`npm run build` first), uncompressed, gzip and brotli,
 * as a browser asks (`br, gzip`); Cloudflare compresses the Worker's answers itself.
 */
export async function benchWireWeight(app: Service): Promise<boolean> {
  console.log('\nHTML on the wire (bytes): identity | gzip | br');
  let ok = true;
  for (const path of PAGES) {
    const [identity, gzip, br] = await Promise.all(
      ['identity', 'gzip', 'br, gzip'].map((encoding) => onTheWire(app.url, path, encoding)),
    );
    console.log(
      `  ${path.padEnd(18)} ${String(identity?.bytes).padStart(7)} | ${String(gzip?.bytes).padStart(6)} (${gzip?.encoding}) | ${String(br?.bytes).padStart(6)} (${br?.encoding})`,
    );
    const limit = path === '/search-companies' ? SEARCH_BUDGET_BYTES : PUBLIC_BUDGET_BYTES;
    ok =
      budget(
        `${path} with br ≤ ${limit / 1024} KiB`,
        br?.encoding === 'br' && gzip?.encoding === 'gzip' && (br?.bytes ?? Infinity) <= limit,
        `${br?.bytes} B`,
      ) && ok;
  }
  return ok;
}

if (import.meta.main) await runAloneOnLargeData(benchWireWeight);
