import { runMain, startService } from '@custody/service-kit';
import { walletLedgerService } from './wallet-ledger.service';

runMain(() => startService(walletLedgerService));
