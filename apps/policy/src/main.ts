import { runMain, startService } from '@custody/service-kit';
import { policyService } from './policy.rpc';

runMain(() => startService(policyService));
