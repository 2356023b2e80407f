import type pg from 'pg';

/**
 * Index assertions on list queries (docs/decisions/lists-at-scale.md): every statement a
 * repository sends through a pool is recorded, then explained on the seeded table, and its plan
 * searched for a table read whole or rows read only to be thrown away.
 */
export interface PlanCheck {
  /**
   * The tables the statements read whole, the most rows one of them discarded, the most rows one
   * scan of theirs returned (over all its loops), and the indexes the plans read.
   */
  plansOf(
    run: () => Promise<unknown>,
  ): Promise<{ scans: string[]; discarded: number; read: number; indexes: string[] }>;
}

type Plan = Record<string, unknown>;

/**
 * The relations a plan reads whole: a sequential scan, unless it runs under a Limit that the
 * planner expects it to fill (it stops after that many rows, as the capped count does, whatever
 * the table's size).
 */
export function seqScans(plan: Plan, limit?: number): string[] {
  const rows = Number(plan['Plan Rows']);
  const stopsEarly = limit !== undefined && rows >= limit;
  const own =
    plan['Node Type'] === 'Seq Scan' && !stopsEarly ? [String(plan['Relation Name'])] : [];
  const below = plan['Node Type'] === 'Limit' ? rows : limit;
  const children = (plan['Plans'] as Plan[] | undefined) ?? [];
  return [...own, ...children.flatMap((child) => seqScans(child, below))];
}

/** The indexes a plan reads. */
export function indexesOf(plan: Plan): string[] {
  const own = typeof plan['Index Name'] === 'string' ? [plan['Index Name']] : [];
  const children = (plan['Plans'] as Plan[] | undefined) ?? [];
  return [...own, ...children.flatMap(indexesOf)];
}

/** The rows a plan read and threw away (filters on rows an index did not exclude). */
export function discarded(plan: Plan): number {
  const own =
    (Number(plan['Rows Removed by Filter'] ?? 0) +
      Number(plan['Rows Removed by Index Recheck'] ?? 0)) *
    Number(plan['Actual Loops'] ?? 1);
  const children = (plan['Plans'] as Plan[] | undefined) ?? [];
  return own + children.reduce((sum, child) => sum + discarded(child), 0);
}

/**
 * The most rows one scan of a plan returned: a page read in its order stops at the page's size
 * (and the capped count at its cap), where a page sorted after the read returns every row that
 * the scope holds.
 */
export function rowsRead(plan: Plan): number {
  const own = String(plan['Node Type']).endsWith('Scan')
    ? Number(plan['Actual Rows'] ?? 0) * Number(plan['Actual Loops'] ?? 1)
    : 0;
  const children = (plan['Plans'] as Plan[] | undefined) ?? [];
  return Math.max(own, ...children.map(rowsRead));
}

/**
 * Records the statements sent through `pool` (from now on) so that `plansOf` can explain what a
 * call sent: the tables it read whole (an index scan that filters out a tenant's every row is a
 * scan all the same, hence the rows discarded).
 */
export function checkPlans(pool: pg.Pool): PlanCheck {
  const sent: { text: string; values: unknown[] }[] = [];
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => unknown;
  (pool as unknown as { query: typeof query }).query = (config, values) => {
    if (typeof config === 'object' && config !== null && 'text' in config) {
      const { text, values: given } = config as { text: string; values?: unknown[] };
      sent.push({ text, values: given ?? (Array.isArray(values) ? values : []) });
    }
    return query(config, values);
  };
  return {
    async plansOf(run) {
      sent.length = 0;
      await run();
      const statements = sent.splice(0);
      if (statements.length === 0) throw new Error('the call sent no statement');
      const scans: string[] = [];
      const indexes: string[] = [];
      let most = 0;
      let read = 0;
      for (const statement of statements) {
        const explained = await pool.query<{ 'QUERY PLAN': [{ Plan: Plan }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
          statement.values,
        );
        const plan = explained.rows[0]?.['QUERY PLAN'][0].Plan;
        if (!plan) throw new Error('no plan');
        most = Math.max(most, discarded(plan));
        read = Math.max(read, rowsRead(plan));
        scans.push(...seqScans(plan));
        indexes.push(...indexesOf(plan));
      }
      return { scans, discarded: most, read, indexes };
    },
  };
}

/** Rows a list's plan may discard: a few of others interleaved in the index it reads. */
export const MOST_DISCARDED = 1_000;
/** Rows one scan may return: a page and the capped count (1,000), not a scope read whole. */
export const MOST_READ = 2_000;

/**
 * What makes a list's plan cost more than the list returns: a table read whole, rows read to be
 * thrown away, or a scope read whole to be sorted after. None: the list reads an index in order.
 */
export function listPlanFaults(plan: { scans: string[]; discarded: number; read: number }) {
  return [
    ...plan.scans.map((table) => `reads ${table} whole`),
    ...(plan.discarded >= MOST_DISCARDED ? [`discards ${plan.discarded} rows`] : []),
    ...(plan.read >= MOST_READ ? [`one scan returns ${plan.read} rows`] : []),
  ];
}
