/** One link of an RFC 8288 `Link` header: its target as written and its parameters (lower-case names). */
export interface WebLink {
  target: string;
  /** The relation types of `rel`, lower-cased (a link may carry several: `rel="next last"`). */
  rels: string[];
  params: Record<string, string>;
}

/**
 * Parses a `Link` header (RFC 8288 §3): `<uri>; rel="next"; title="…", <uri>; rel=last`. Commas
 * inside the `<…>` target or a quoted string do not split links; a malformed link is skipped.
 */
export function parseLinkHeader(header: string | null | undefined): WebLink[] {
  const links: WebLink[] = [];
  if (!header) return links;
  let i = 0;
  const n = header.length;
  const skipSpace = () => {
    while (i < n && (header[i] === ' ' || header[i] === '\t')) i++;
  };
  const skipToNextLink = () => {
    let quoted = false;
    while (i < n) {
      const c = header[i];
      if (quoted) {
        if (c === '\\') i++;
        else if (c === '"') quoted = false;
      } else if (c === '"') quoted = true;
      else if (c === ',') break;
      i++;
    }
    i++;
  };
  while (i < n) {
    skipSpace();
    if (header[i] === ',') {
      i++;
      continue;
    }
    if (header[i] !== '<') {
      skipToNextLink();
      continue;
    }
    const end = header.indexOf('>', i + 1);
    if (end < 0) break;
    const target = header.slice(i + 1, end).trim();
    i = end + 1;
    const params: Record<string, string> = {};
    for (;;) {
      skipSpace();
      if (i >= n || header[i] === ',') break;
      if (header[i] !== ';') {
        skipToNextLink();
        i--;
        break;
      }
      i++;
      skipSpace();
      const nameStart = i;
      while (i < n && /[^\s=;,]/.test(header[i] as string)) i++;
      const name = header.slice(nameStart, i).toLowerCase();
      skipSpace();
      let value = '';
      if (header[i] === '=') {
        i++;
        skipSpace();
        if (header[i] === '"') {
          i++;
          while (i < n && header[i] !== '"') {
            if (header[i] === '\\' && i + 1 < n) i++;
            value += header[i];
            i++;
          }
          i++;
        } else {
          const valueStart = i;
          while (i < n && /[^\s;,]/.test(header[i] as string)) i++;
          value = header.slice(valueStart, i);
        }
      }
      // RFC 8288 §3.3/3.4: only the first occurrence of a parameter counts.
      if (name && !(name in params)) params[name] = value;
    }
    const rels = (params['rel'] ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    links.push({ target, rels, params });
  }
  return links;
}

/**
 * The URL of the first link with relation `rel`, resolved against `base` (the URL of the answer
 * that carried it), so that an absolute or a relative target both work; undefined when absent.
 */
export function linkUrl(
  header: string | null | undefined,
  rel: string,
  base: string | URL,
): URL | undefined {
  const wanted = rel.toLowerCase();
  const link = parseLinkHeader(header).find((l) => l.rels.includes(wanted));
  return link ? new URL(link.target, base) : undefined;
}
