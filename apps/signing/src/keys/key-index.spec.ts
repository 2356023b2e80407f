import { sql } from 'drizzle-orm';
import * as pkcs11js from 'pkcs11js';
import type pg from 'pg';
import type { Database } from '@custody/persistence';
import type { TestDatabase } from '@custody/testing';
import { markLabel, TokenIndexMarks } from '../keystore/index-marks';
import { Pkcs11Token } from '../keystore/pkcs11-token';
import { ceremonyDatabase, softHsm } from '../test-harness';
import { INDEX_BLOCK, KeyIndex, keyIndexReport } from './key-index';

const hsm = softHsm();
// SoftHSM lists the tokens of its directory as they were at C_Initialize: all of them first.
const first = hsm.init('marks');
const second = hsm.init('marks-new');
const third = hsm.init('marks-report');
const tokens: Pkcs11Token[] = [];
const opened: { database: TestDatabase; pool: pg.Pool; db: Database }[] = [];

function token(config: typeof first.config): Pkcs11Token {
  const made = new Pkcs11Token(config);
  tokens.push(made);
  return made;
}

async function database(): Promise<Database> {
  const made = await ceremonyDatabase();
  opened.push(made);
  return made.db;
}

async function take(index: KeyIndex, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(await index.next('evm'));
  return out;
}

afterAll(async () => {
  for (const t of tokens) t.close();
  for (const made of opened) {
    await made.pool.end();
    await made.database.drop();
  }
});

describe('key indexes with the token', () => {
  it('never issues an index twice when the database is restored to before it was issued', async () => {
    const marks = new TokenIndexMarks(token(first.config));
    const before = await database();
    expect(await take(new KeyIndex(before, marks), 3)).toEqual([0, 1, 2]);
    expect(marks.read('evm')).toBe(INDEX_BLOCK - 1);
    // The database comes back as it was before any key (an empty one stands for the restored
    // copy): a new process starts past every index the token's mark covers.
    const restored = await database();
    expect(await take(new KeyIndex(restored, marks), 2)).toEqual([INDEX_BLOCK, INDEX_BLOCK + 1]);
    expect(marks.read('evm')).toBe(2 * INDEX_BLOCK - 1);
    // The sequence follows the mark, for a process that runs without the token.
    const next = await restored.execute(sql`SELECT nextval('signing.evm_index_seq') AS n`);
    expect(Number((next.rows[0] as { n: string }).n)).toBe(2 * INDEX_BLOCK);
  });

  it('starts a token without a mark past what the database issued', async () => {
    const db = await database();
    await db.execute(sql`SELECT setval('signing.evm_index_seq', 41)`);
    const marks = new TokenIndexMarks(token(second.config));
    expect(marks.read('evm')).toBeUndefined();
    expect(await take(new KeyIndex(db, marks), 1)).toEqual([42]);
    expect(marks.read('qubic')).toBeUndefined();
  });

  it('gives processes that allocate at once disjoint indexes', async () => {
    const db = await database();
    const marks = new TokenIndexMarks(token(first.config));
    const a = new KeyIndex(db, marks);
    const b = new KeyIndex(db, marks);
    const taken = await Promise.all([
      ...Array.from({ length: 150 }, () => a.next('qubic')),
      ...Array.from({ length: 150 }, () => b.next('qubic')),
    ]);
    expect(new Set(taken).size).toBe(300);
    expect(Math.max(...taken)).toBeLessThanOrEqual(marks.read('qubic')!);
  });

  it('counts the higher mark when a crash left two', () => {
    const t = token(first.config);
    const marks = new TokenIndexMarks(t);
    const current = marks.read('evm')!;
    // A raise that created its object and died before removing the old one.
    const { lib, session } = t.open();
    lib.C_CreateObject(session, [
      { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_DATA },
      { type: pkcs11js.CKA_TOKEN, value: true },
      { type: pkcs11js.CKA_PRIVATE, value: true },
      { type: pkcs11js.CKA_LABEL, value: markLabel('evm') },
      { type: pkcs11js.CKA_VALUE, value: Buffer.from(String(current - 50)) },
    ]);
    expect(marks.read('evm')).toBe(current);
    marks.raise('evm', current + 1);
    expect(t.readData(markLabel('evm'))).toHaveLength(1);
    expect(marks.read('evm')).toBe(current + 1);
  });
});

describe("the ceremony's key-index", () => {
  it('shows the indexes past the keys the database has, with their addresses, and raises a mark', async () => {
    const db = await database();
    const marks = new TokenIndexMarks(token(third.config));
    await db.execute(
      sql`INSERT INTO signing.keys (owner_id, chain, derivation_index, derivation_path, address)
          VALUES ('w40', 'evm', 40, 'm/40', 'a40')`,
    );
    await db.execute(sql`SELECT setval('signing.evm_index_seq', 40)`);
    // Issued after the point a restore will take the database back to: no key row for it.
    expect(await take(new KeyIndex(db, marks), 1)).toEqual([41]);
    const derive = async (_chain: string, index: number) => ({
      address: `a${index}`,
      path: `m/${index}`,
    });
    const [evm] = await keyIndexReport(db, marks, { chain: 'evm', derive });
    expect(evm).toMatchObject({ chain: 'evm', mark: 40 + INDEX_BLOCK, database: 40 });
    expect(evm?.pastTheDatabase).toHaveLength(INDEX_BLOCK);
    expect(evm?.pastTheDatabase?.[0]).toEqual({ index: 41, address: 'a41', path: 'm/41' });
    // A new token (after a ceremony restore) is given the last mark known.
    const [raised] = await keyIndexReport(db, marks, { chain: 'qubic', raiseTo: 500 });
    expect(raised).toEqual({ chain: 'qubic', mark: 500, database: -1 });
  });
});
