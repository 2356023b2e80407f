import { runMain, startService } from '@custody/service-kit';
import { issuerService } from './issuer.service';

runMain(() => startService(issuerService));
