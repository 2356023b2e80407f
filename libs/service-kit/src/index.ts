export * from './metrics';
export * from './ops';
export * from './redis';
export * from './main';
export * from './service';
export * from './retention';
export * from './readiness.metrics';
