/**
 * Stands in for nodemailer in the Worker build (vite.config.ts): SMTP needs TCP sockets a Worker does not
 * have; Workers deliver through an HTTP mail API adapter instead.
 */
export function createTransport(): never {
  throw new Error('SMTP is not available in the Worker build: configure an HTTP mail API');
}

export default { createTransport };
