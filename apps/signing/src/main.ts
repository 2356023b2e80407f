import { runMain, startService } from '@custody/service-kit';
import { signingService } from './signing.rpc';

runMain(() => startService(signingService));
