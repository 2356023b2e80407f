/**
 * The longest string a JSON Schema `pattern` admits, so that the document can state the
 * `maxLength` its validator already applies through a regular expression (`^[A-Z]{60}$` admits
 * at most 60 characters). Undefined when the pattern admits strings of any length (`+`, `*`,
 * `{n,}`, a back-reference) or is not anchored at both ends: a JSON Schema pattern matches
 * anywhere in the string, so only `^…$` bounds the whole of it.
 */
export function longestMatch(pattern: string): number | undefined {
  try {
    const parser = new PatternParser(pattern);
    const top = parser.alternatives();
    if (parser.position !== pattern.length) return undefined;
    if (!top.anchoredStart || !top.anchoredEnd) return undefined;
    return Number.isFinite(top.max) ? top.max : undefined;
  } catch {
    return undefined;
  }
}

interface Span {
  /** Longest match in characters (Infinity when unbounded). */
  max: number;
  /** Whether every alternative starts with `^` / ends with `$`. */
  anchoredStart: boolean;
  anchoredEnd: boolean;
}

const times = (max: number, count: number) => (max === 0 || count === 0 ? 0 : max * count);

class PatternParser {
  position = 0;

  constructor(private readonly source: string) {}

  private peek(offset = 0): string | undefined {
    return this.source[this.position + offset];
  }

  /** `a|b|c` up to a closing parenthesis or the end. */
  alternatives(): Span {
    const spans: Span[] = [this.sequence()];
    while (this.peek() === '|') {
      this.position++;
      spans.push(this.sequence());
    }
    return {
      max: Math.max(...spans.map((span) => span.max)),
      anchoredStart: spans.every((span) => span.anchoredStart),
      anchoredEnd: spans.every((span) => span.anchoredEnd),
    };
  }

  private sequence(): Span {
    let max = 0;
    let anchoredStart = false;
    let anchoredEnd = false;
    let first = true;
    while (this.position < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const char = this.peek();
      if (char === '^' || char === '$') {
        this.position++;
        if (char === '^' && first) anchoredStart = true;
        anchoredEnd = char === '$';
        first = false;
        continue;
      }
      const atom = this.atom();
      max += this.quantified(atom);
      // A zero-width assertion (lookahead) neither starts nor ends the anchored text.
      if (atom > 0 || !first) anchoredEnd = false;
      first = false;
    }
    return { max, anchoredStart, anchoredEnd };
  }

  /** One atom's longest match. */
  private atom(): number {
    const char = this.peek();
    if (char === '(') return this.group();
    if (char === '[') return this.characterClass();
    if (char === '\\') return this.escape(false);
    this.position++;
    if (char === '*' || char === '+' || char === '?' || char === ')')
      throw new Error('Unexpected quantifier');
    return 1;
  }

  private group(): number {
    this.position++;
    let zeroWidth = false;
    if (this.peek() === '?') {
      const next = this.peek(1);
      if (next === ':') this.position += 2;
      else if (next === '=' || next === '!') {
        this.position += 2;
        zeroWidth = true;
      } else if (next === '<' && (this.peek(2) === '=' || this.peek(2) === '!')) {
        this.position += 3;
        zeroWidth = true;
      } else if (next === '<') {
        const close = this.source.indexOf('>', this.position);
        if (close < 0) throw new Error('Unclosed group name');
        this.position = close + 1;
      } else throw new Error('Unknown group');
    }
    const inner = this.alternatives();
    if (this.peek() !== ')') throw new Error('Unclosed group');
    this.position++;
    return zeroWidth ? 0 : inner.max;
  }

  private characterClass(): number {
    this.position++;
    if (this.peek() === '^') this.position++;
    if (this.peek() === ']') this.position++;
    while (this.position < this.source.length && this.peek() !== ']') {
      if (this.peek() === '\\') this.escape(true);
      else this.position++;
    }
    if (this.peek() !== ']') throw new Error('Unclosed class');
    this.position++;
    return 1;
  }

  /** `\d`, `\x21`, `\u{1F600}`, `\p{L}`: one character; `\b`: none; `\1`, `\k<a>`: unknown. */
  private escape(inClass: boolean): number {
    this.position++;
    const char = this.peek();
    if (char === undefined) throw new Error('Trailing backslash');
    this.position++;
    if (!inClass && (char === 'b' || char === 'B')) return 0;
    if (!inClass && (/[1-9]/.test(char) || char === 'k')) return Infinity;
    if (char === 'x') this.position += 2;
    else if (char === 'u') {
      if (this.peek() === '{') this.position = this.source.indexOf('}', this.position) + 1;
      else this.position += 4;
    } else if (char === 'c') this.position++;
    else if ((char === 'p' || char === 'P') && this.peek() === '{')
      this.position = this.source.indexOf('}', this.position) + 1;
    if (this.position <= 0) throw new Error('Bad escape');
    return 1;
  }

  private quantified(atom: number): number {
    const char = this.peek();
    let result = atom;
    if (char === '*' || char === '+') {
      this.position++;
      result = times(atom, Infinity);
    } else if (char === '?') {
      this.position++;
    } else if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.position));
      if (!match) return atom;
      this.position += match[0].length;
      const upper = match[2] === undefined ? match[1] : match[3];
      result = times(atom, upper === '' || upper === undefined ? Infinity : Number(upper));
    } else return atom;
    if (this.peek() === '?') this.position++;
    return result;
  }
}
