import { runMain, startService } from '@custody/service-kit';
import { identityService } from './identity.service';

runMain(() => startService(identityService));
