import { runMain, startService } from '@custody/service-kit';
import { walletLedgerService } from './wallet-ledger.compose';

runMain(() => startService(walletLedgerService));
