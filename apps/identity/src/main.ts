import { runMain, startService } from '@custody/service-kit';
import { identityService } from './identity.rpc';

runMain(() => startService(identityService));
