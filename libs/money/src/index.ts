export * from './decimal';
export * from './amount-schema';
