import { runMain, startService } from '@custody/service-kit';
import { tradingService } from './trading.compose';

runMain(() => startService(tradingService));
