import { runService } from '@custody/service-kit';
import { policyService } from './policy.compose';

// With no argument the service starts; `main.js migrate`, `restore-prepare` and the app's own
// commands run against its database and exit (libs/service-kit commands.ts).
runService(policyService);
