import { runMain, startService } from '@custody/service-kit';
import { signingService } from './signing.service';

runMain(() => startService(signingService));
