import { runMain, startService } from '@custody/service-kit';
import { signingService } from './signing.compose';

runMain(() => startService(signingService));
