export * from './database';
export * from './messaging-tables';
export * from './migrate';
export * from './outbox';
export * from './list-query';
export * from './idempotency';
export * from './pipeline';
export * from './retention';
