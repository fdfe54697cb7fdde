/** A check answers whoever holds the code: nothing for search engines to list. */
export function Head() {
  return <meta name="robots" content="noindex" />;
}
