export * from './tracing';
export type * from './types';
