import { runMain, startService } from '@custody/service-kit';
import { issuerService } from './issuer.compose';

runMain(() => startService(issuerService));
