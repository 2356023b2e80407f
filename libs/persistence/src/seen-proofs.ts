import type pg from 'pg';
import { Errors } from '@custody/errors';
import { quoteIdent } from './messaging-tables';
import { expiredRows, type RetentionRule } from './retention';

/** The table of the RPC proofs a service took (a migration of the migrator's own). */
export function seenProofsTableSql(schema: string): string {
  const s = quoteIdent(schema);
  return `
CREATE TABLE IF NOT EXISTS ${s}.rpc_proofs (
  issuer text NOT NULL,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (issuer, nonce)
);
CREATE INDEX IF NOT EXISTS rpc_proofs_expiry_idx ON ${s}.rpc_proofs (expires_at);
`;
}

/**
 * The proofs past their expiry: refused as expired anyway, so forgotten, a minute late (a replica
 * whose clock is behind the database's still refuses them as expired when they are gone).
 */
export function seenProofsRetention(schema: string): RetentionRule {
  return expiredRows({
    name: 'rpc_proofs',
    table: `${quoteIdent(schema)}.rpc_proofs`,
    expired: `expires_at < now() - interval '1 minute'`,
    order: 'expires_at',
  });
}

interface Claim {
  issuer: string;
  nonce: string;
  expiresAt: number;
  resolve: (first: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * The commands' proofs a service took, in its own schema: every replica and every later start
 * of the service refuses them again (libs/messaging `ProofMemory`). The claims of one event-loop
 * turn are written in one statement, so a burst of commands costs one round trip and one commit.
 */
export class SeenProofs {
  private pending: Claim[] = [];
  private readonly table: string;

  constructor(
    private readonly pool: pg.Pool,
    schema: string,
    /** Added to each expiry: the clock skew a proof is still taken within. */
    private readonly skewMs: number,
  ) {
    this.table = `${quoteIdent(schema)}.rpc_proofs`;
  }

  claim(issuer: string, nonce: string, expiresAt: number): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.pending.push({ issuer, nonce, expiresAt, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => void this.flush());
    });
  }

  /** Inserts the claims; answers the ones that were new (`issuer\nnonce`). */
  private async insert(claims: Claim[]): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ issuer: string; nonce: string }>(
      `INSERT INTO ${this.table} (issuer, nonce, expires_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])
       ON CONFLICT DO NOTHING RETURNING issuer, nonce`,
      [
        claims.map((c) => c.issuer),
        claims.map((c) => c.nonce),
        claims.map((c) => new Date(c.expiresAt + this.skewMs).toISOString()),
      ],
    );
    return new Set(rows.map((row) => `${row.issuer}\n${row.nonce}`));
  }

  private async flush(): Promise<void> {
    const claims = this.pending;
    this.pending = [];
    // The same proof twice in one turn: the second is a replay whatever the table says.
    const firsts = new Map<string, Claim>();
    for (const claim of claims) {
      const key = `${claim.issuer}\n${claim.nonce}`;
      if (firsts.has(key)) claim.resolve(false);
      else firsts.set(key, claim);
    }
    const batch = [...firsts.values()];
    try {
      const taken = await this.insert(batch);
      for (const claim of batch) claim.resolve(taken.has(`${claim.issuer}\n${claim.nonce}`));
    } catch {
      // One claim the table refuses must not fail the others of its turn: each alone.
      await Promise.all(
        batch.map((claim) =>
          this.insert([claim]).then(
            (taken) => claim.resolve(taken.size === 1),
            () =>
              // Not knowing whether a command ran before, it does not run now.
              claim.reject(
                Errors.unavailable(
                  'The service cannot check this request against the ones it took.',
                  'database_unavailable',
                ),
              ),
          ),
        ),
      );
    }
  }
}
