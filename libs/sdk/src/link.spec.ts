import { linkUrl, parseLinkHeader } from './link';

describe('parseLinkHeader (RFC 8288)', () => {
  it('reads the links of the gateway pagination header', () => {
    const header =
      '</v1/users?page=1&limit=2>; rel="first", </v1/users?page=2&limit=2>; rel="next", </v1/users?page=3&limit=2>; rel="last"';
    expect(parseLinkHeader(header).map((l) => [l.target, l.rels])).toEqual([
      ['/v1/users?page=1&limit=2', ['first']],
      ['/v1/users?page=2&limit=2', ['next']],
      ['/v1/users?page=3&limit=2', ['last']],
    ]);
  });

  it('keeps commas inside targets and quoted strings, and reads tokens, several rels and escapes', () => {
    const header =
      '<https://a.example/x?tags=a,b>; rel="next last"; title="one, \\"two\\"",<b>;REL=prev;x=1';
    const links = parseLinkHeader(header);
    expect(links).toEqual([
      {
        target: 'https://a.example/x?tags=a,b',
        rels: ['next', 'last'],
        params: { rel: 'next last', title: 'one, "two"' },
      },
      { target: 'b', rels: ['prev'], params: { rel: 'prev', x: '1' } },
    ]);
  });

  it('skips what is not a link and takes the first of a repeated parameter', () => {
    expect(parseLinkHeader('garbage, <c>; rel=next; rel=prev')).toEqual([
      { target: 'c', rels: ['next'], params: { rel: 'next' } },
    ]);
    expect(parseLinkHeader('')).toEqual([]);
    expect(parseLinkHeader(null)).toEqual([]);
  });

  it('resolves the next link against the answer’s URL, relative or absolute', () => {
    const base = 'http://api.example/v1/users?page=1';
    expect(linkUrl('</v1/users?page=2>; rel="next"', 'next', base)?.href).toBe(
      'http://api.example/v1/users?page=2',
    );
    expect(linkUrl('<?page=2>; rel="next"', 'NEXT', base)?.href).toBe(
      'http://api.example/v1/users?page=2',
    );
    expect(linkUrl('<https://other.example/p>; rel=next', 'next', base)?.href).toBe(
      'https://other.example/p',
    );
    expect(linkUrl('</v1/users?page=1>; rel="first"', 'next', base)).toBeUndefined();
  });
});
