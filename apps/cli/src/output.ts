/** Where a command writes: the process's streams, or buffers in the tests. */
export interface Writer {
  write(text: string): unknown;
}

export type Cell = string | number | boolean | null | undefined;

function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** Aligned columns with a header row: two spaces between columns, the last one not padded. */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly Cell[])[],
): string {
  const texts = rows.map((row) => headers.map((_, index) => cellText(row[index])));
  const widths = headers.map((header, index) =>
    Math.max(header.length, ...texts.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, index) => (index === cells.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...texts.map(line)].join('\n') + '\n';
}

/** An object as `key  value` lines, nested objects flattened with dotted keys. */
export function formatRecord(record: object): string {
  const rows: [string, string][] = [];
  const walk = (value: unknown, prefix: string): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value);
      if (entries.length === 0 && prefix) rows.push([prefix, '{}']);
      for (const [key, inner] of entries) walk(inner, prefix ? `${prefix}.${key}` : key);
    } else if (Array.isArray(value)) {
      const scalar = value.every((item) => item === null || typeof item !== 'object');
      rows.push([prefix, scalar ? value.join(', ') : JSON.stringify(value)]);
    } else {
      rows.push([prefix, cellText(value as Cell)]);
    }
  };
  walk(record, '');
  const width = Math.max(0, ...rows.map(([key]) => key.length));
  return rows.map(([key, value]) => `${key.padEnd(width)}  ${value}`.trimEnd()).join('\n') + '\n';
}

/** A JSON document for scripts (one per command; tail and listen print one compact line each). */
export function formatJson(value: unknown, compact = false): string {
  return `${compact ? JSON.stringify(value) : JSON.stringify(value, null, 2)}\n`;
}
