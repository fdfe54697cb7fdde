import type { WebhookAnswer, WebhookPost, WebhookPoster } from '../../kernel/ports/webhooks.ts';

/**
 * The webhooks' POST over `fetch`, on Node and Workers alike. A redirect is an answer, not followed: an
 * endpoint cannot send the platform's request on to an address that would have been refused (SSRF,
 * docs/decisions/0097). The body of the answer is dropped unread.
 */
export const fetchWebhookPoster: WebhookPoster = {
  async post({ url, headers, body, timeoutMs }: WebhookPost): Promise<WebhookAnswer> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return { status: response.status };
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        return { error: `Pas de réponse en ${timeoutMs / 1000} s` };
      }
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return { error: `Connexion impossible${cause}`.slice(0, 500) };
    }
  },
};
