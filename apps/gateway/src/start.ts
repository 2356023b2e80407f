import { runMain } from '@custody/service-kit';
import { startGateway } from './gateway';

runMain(startGateway);
