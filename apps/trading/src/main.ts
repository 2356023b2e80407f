import { runMain, startService } from '@custody/service-kit';
import { tradingService } from './trading.rpc';

runMain(() => startService(tradingService));
