export * from './broker';
export * from './rpc-server';
export * from './rpc-client';
export * from './outbox-relay';
export * from './event-consumer';
export * from './event-message';
export * from './in-flight';
export * from './broker-grants';
