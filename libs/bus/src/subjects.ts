/** Whether a NATS subject matches a filter with `*` (one token) and `>` (one or more trailing tokens). */
export function subjectMatches(filter: string, subject: string): boolean {
  const filterTokens = filter.split('.');
  const subjectTokens = subject.split('.');
  for (const [index, token] of filterTokens.entries()) {
    if (token === '>') return subjectTokens.length > index;
    const subjectToken = subjectTokens[index];
    if (subjectToken === undefined) return false;
    if (token !== '*' && token !== subjectToken) return false;
  }
  return filterTokens.length === subjectTokens.length;
}

/**
 * One filter covering all the given ones, for servers before 2.10 that accept a single filter subject per
 * consumer: the leading tokens they share, then `>`. The runner filters the rest on the client.
 */
export function coveringFilter(filters: readonly string[]): string {
  if (filters.length === 0) throw new Error('A consumer needs at least one filter subject');
  if (new Set(filters).size === 1) return filters[0]!;
  const tokenLists = filters.map((filter) => filter.split('.'));
  // Stop before any filter's last token, so the `>` that follows still has a token to stand for.
  const shortest = Math.min(...tokenLists.map((tokens) => tokens.length)) - 1;
  const shared: string[] = [];
  for (let index = 0; index < shortest; index += 1) {
    const token = tokenLists[0]![index]!;
    if (token === '>' || !tokenLists.every((tokens) => tokens[index] === token)) break;
    shared.push(token);
  }
  return [...shared, '>'].join('.');
}

/** Whether the server takes several filter subjects on one consumer (nats-server 2.10 and later). */
export function supportsMultipleFilters(serverVersion: string | undefined): boolean {
  const [major = 0, minor = 0] = (serverVersion ?? '').split('.').map((part) => Number.parseInt(part, 10));
  return major > 2 || (major === 2 && minor >= 10);
}
