import type { ChainFamily } from '@custody/contracts';
import { KeyStoreUnavailable, type Pkcs11Token } from './pkcs11-token';

/**
 * The highest key index reserved per chain, kept outside the database (docs/decisions/
 * wallets-and-signing.md, "Key indexes past a restore"): a database restored to an earlier time
 * forgets the indexes issued after it, and this mark does not.
 */
export interface IndexMarks {
  /** The mark of `chain`; undefined before its first reservation. */
  read(chain: ChainFamily): number | undefined;
  /** Raises the mark of `chain` to `mark` (never lowers it). */
  raise(chain: ChainFamily, mark: number): void;
}

/** The token's data object that holds a chain's mark. */
export function markLabel(chain: ChainFamily): string {
  return `custody-key-index-${chain}`;
}

/**
 * The marks as data objects of the PKCS#11 token (private, persistent; the value is the index as
 * a decimal string). A token left with two objects of a label by a crash counts the higher.
 */
export class TokenIndexMarks implements IndexMarks {
  constructor(private readonly token: Pkcs11Token) {}

  read(chain: ChainFamily): number | undefined {
    const values = this.token.readData(markLabel(chain)).map((value) => {
      const text = value.toString('ascii');
      if (!/^\d{1,15}$/.test(text))
        throw new KeyStoreUnavailable('token_error', `${markLabel(chain)} holds no index`);
      return Number(text);
    });
    return values.length > 0 ? Math.max(...values) : undefined;
  }

  raise(chain: ChainFamily, mark: number): void {
    const current = this.read(chain);
    if (current !== undefined && current >= mark) return;
    this.token.replaceData(markLabel(chain), Buffer.from(String(mark), 'ascii'));
  }
}
