export * from './services';
export * from './broker';
export * from './wait';
export * from './logger';
export * from './problem';
export * from './redis-users';
export * from './plans';
export * from './events';
