import { config } from 'zod';

/*
 * zod compiles object parsers with `new Function` when it may, and finds out whether it may by trying once,
 * when the first object schema is built. Under the Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') that try is refused and the browser reports a violation on every page with a form, although
 * zod then parses without it. Telling zod first skips the try. Imported before anything that builds a schema.
 */
config({ jitless: true });
