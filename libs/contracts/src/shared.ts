/** Shapes several services' contracts share. */

/** The path of a wallet: every wallet-level method takes it. */
export interface WalletPath {
  userId: string;
  walletId: string;
}

/** Who did it, as the contract asks on deletions and purchases (`device`, `ip`). */
export interface DeviceAndIp {
  device: string;
  ip: string;
}
