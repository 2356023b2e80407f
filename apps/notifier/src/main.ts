import { runMain, startService } from '@custody/service-kit';
import { notifierService } from './notifier.rpc';

runMain(() => startService(notifierService));
