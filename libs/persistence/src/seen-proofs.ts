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

/** The proofs past their expiry: refused as expired anyway, so forgotten. */
export function seenProofsRetention(schema: string): RetentionRule {
  return expiredRows({
    name: 'rpc_proofs',
    table: `${quoteIdent(schema)}.rpc_proofs`,
    expired: 'expires_at < now()',
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
      const { rows } = await this.pool.query<{ issuer: string; nonce: string }>(
        `INSERT INTO ${this.table} (issuer, nonce, expires_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])
         ON CONFLICT DO NOTHING RETURNING issuer, nonce`,
        [
          batch.map((c) => c.issuer),
          batch.map((c) => c.nonce),
          batch.map((c) => new Date(c.expiresAt + this.skewMs).toISOString()),
        ],
      );
      const taken = new Set(rows.map((row) => `${row.issuer}\n${row.nonce}`));
      for (const claim of batch) claim.resolve(taken.has(`${claim.issuer}\n${claim.nonce}`));
    } catch {
      // Not knowing whether a command ran before, it does not run now.
      const error = Errors.unavailable(
        'The service cannot check this request against the ones it took.',
        'database_unavailable',
      );
      for (const claim of batch) claim.reject(error);
    }
  }
}
