import { runMain, startService } from '@custody/service-kit';
import { issuerService } from './issuer.rpc';

runMain(() => startService(issuerService));
