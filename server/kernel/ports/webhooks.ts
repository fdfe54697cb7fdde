/**
 * How a signed webhook leaves the platform (issue 37): one POST to a partner's endpoint, given up after
 * `timeoutMs`. The answer is only its status; what the receiver says is not read (nor kept).
 */
export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** A status when the receiver answered; `error` (a timeout, a refused connection) when it did not. */
export type WebhookAnswer = { status: number } | { error: string };

export interface WebhookPoster {
  post(request: WebhookPost): Promise<WebhookAnswer>;
}
