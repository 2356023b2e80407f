import { runMain, startService } from '@custody/service-kit';
import { notifierService } from './notifier.service';

runMain(() => startService(notifierService));
