import { runMain, startService } from '@custody/service-kit';
import { policyService } from './policy.compose';

runMain(() => startService(policyService));
