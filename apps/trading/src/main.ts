import { runMain, startService } from '@custody/service-kit';
import { tradingService } from './trading.service';

runMain(() => startService(tradingService));
