/**
 * Where the visitors' shared pages are kept: this process's memory on Node, the Cache API of the Workers
 * location on Workers (an isolate's memory would serve a handful of requests at most there).
 */
export interface PageCache {
  /**
   * The stored page for this path if it is younger than its time to live, ready to send, with `headers`
   * added to its own (the request's id).
   */
  match(
    path: string,
    request: { gzip: boolean; now: number; headers: [string, string][] },
  ): Promise<Response | undefined>;
  /** Keeps the answer (its headers already say `s-maxage`) for `ttlMs`. */
  put(path: string, response: Response, stored: { now: number; ttlMs: number }): Promise<void>;
}
