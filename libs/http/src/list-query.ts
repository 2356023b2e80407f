import { z } from 'zod';
import { type ListQuery, MAX_LIST_PAGE } from '@custody/contracts';

/** Query values arrive as strings (or arrays when repeated); a repeated scalar is an error. */
const single = z.string({ error: 'Must be given once, as a single value' });

export const intParam = (min: number, max: number) =>
  single
    .max(String(max).length, `Must be a whole number of at most ${String(max).length} digits`)
    .regex(/^\d+$/, 'Must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/**
 * An ISO 8601 date (`2026-01-31`, read as UTC midnight) or date-time with an explicit offset
 * (`2026-01-31T10:00:00Z`). Impossible dates (`2026-02-30`) are rejected, not rolled over.
 */
export const dateParam = single
  // The longest ISO form parseIsoDate reads: `2026-01-31T10:00:00.123456789+01:00`.
  .max(35, 'Must be an ISO 8601 date, or a date-time with Z or an offset')
  .refine(
    (value) => parseIsoDate(value) !== undefined,
    'Must be an ISO 8601 date, or a date-time with Z or an offset',
  )
  .transform((value) => (parseIsoDate(value) as Date).toISOString());

export function parseIsoDate(value: string): Date | undefined {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/.exec(
      value,
    );
  if (!match) return undefined;
  const [, y, m, d, hh = '00', mm = '00', ss = '00'] = match;
  const fields = [y, m, d, hh, mm, ss].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const calendar = new Date(
    Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]),
  );
  const real =
    calendar.getUTCFullYear() === fields[0] &&
    calendar.getUTCMonth() === fields[1] - 1 &&
    calendar.getUTCDate() === fields[2] &&
    calendar.getUTCHours() === fields[3] &&
    calendar.getUTCMinutes() === fields[4] &&
    calendar.getUTCSeconds() === fields[5];
  if (!real) return undefined;
  const parsed = new Date(match[7] ? value : `${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

export const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

export const MAX_PAGE_SIZE = MAX_LIST_PAGE;

/** A list's `after` cursor as the API takes it: opaque, URL-safe, bounded. */
export const cursorParam = single
  .max(1024, 'Must be a cursor a previous page gave (Link rel="next")')
  .regex(/^[A-Za-z0-9_-]+$/, 'Must be a cursor a previous page gave (Link rel="next")');

export interface ListQueryOptions<F extends z.ZodRawShape> {
  /** API field names a client may sort by. */
  sortFields: readonly [string, ...string[]];
  defaultSort?: string;
  /** Whether `createdAfter`/`createdBefore` apply to this list. */
  dates?: boolean;
  externalReference?: boolean;
  /** The endpoint's own filters. */
  filters?: F;
}

/**
 * The shared list query (docs/decisions/lists-at-scale.md): `page` (1-based), `limit` (default 50,
 * `0` = all), `sort=field|-field` on an allow-list, optional date range and `externalReference`,
 * plus the endpoint's filters. Unknown parameters are rejected.
 * Output: `{ list: ListQuery, filters }`.
 */
export function listQuerySchema<F extends z.ZodRawShape = Record<string, never>>(
  options: ListQueryOptions<F>,
) {
  const sortValues = options.sortFields.flatMap((field) => [field, `-${field}`]) as [
    string,
    ...string[],
  ];
  const base = {
    page: intParam(1, 1_000_000).optional(),
    limit: intParam(0, MAX_PAGE_SIZE).optional(),
    after: cursorParam
      .meta({
        description:
          'Keyset cursor (extension): the page after the one whose Link rel="next" gave it. ' +
          'Costs the same at any depth; not combined with `page`.',
      })
      .optional(),
    sort: z.enum(sortValues, { error: `Must be one of: ${sortValues.join(', ')}` }).optional(),
    ...(options.dates === false
      ? {}
      : { createdAfter: dateParam.optional(), createdBefore: dateParam.optional() }),
    ...(options.externalReference ? { externalReference: single.max(255).optional() } : {}),
  };
  const filterKeys = Object.keys(options.filters ?? {});
  return (
    z
      .object({ ...{}, ...base, ...(options.filters ?? ({} as F)) })
      .strict()
      // A cursor already says where the page starts.
      .refine(
        (raw) => {
          const values = raw as Record<string, unknown>;
          return values['page'] === undefined || values['after'] === undefined;
        },
        {
          message: 'Give `page` or `after`, not both',
          path: ['after'],
        },
      )
      .transform((raw) => {
        const values = raw as Record<string, unknown>;
        const sort = (values['sort'] as string | undefined) ?? options.defaultSort ?? '-createdAt';
        const list: ListQuery = {
          page: (values['page'] as number | undefined) ?? 1,
          limit: (values['limit'] as number | undefined) ?? 50,
          sort: sort.startsWith('-')
            ? { field: sort.slice(1), direction: 'desc' }
            : { field: sort, direction: 'asc' },
        };
        for (const key of [
          'after',
          'createdAfter',
          'createdBefore',
          'externalReference',
        ] as const) {
          if (values[key] !== undefined) list[key] = values[key] as string;
        }
        const filters = Object.fromEntries(
          filterKeys.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]),
        ) as z.output<z.ZodObject<F>>;
        return { list, filters };
      })
  );
}
