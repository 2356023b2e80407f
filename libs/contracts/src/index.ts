export * from './services';
export * from './topology';
export * from './rpc';
export * from './events';
export * from './identity';
export * from './signing';
export * from './wallets';
export * from './notifier';
