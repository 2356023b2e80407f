import type { ChainFamily } from '@custody/contracts';

export interface DerivedAddress {
  address: string;
  path: string;
}

/** One chain's key handling; a new chain is one more implementation of this interface. */
export interface ChainSigner {
  readonly family: ChainFamily;
  derive(index: number): Promise<DerivedAddress>;
}
