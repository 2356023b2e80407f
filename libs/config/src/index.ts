export * from './schemas';
export * from './load-config';
