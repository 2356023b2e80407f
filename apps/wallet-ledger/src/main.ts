import { runMain, startService } from '@custody/service-kit';
import { walletLedgerService } from './wallet-ledger.rpc';

runMain(() => startService(walletLedgerService));
