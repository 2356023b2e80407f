import { runMain, startService } from '@custody/service-kit';
import { notifierService } from './notifier.compose';

runMain(() => startService(notifierService));
