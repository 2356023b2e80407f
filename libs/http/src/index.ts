export * from './route';
export * from './validation';
export * from './list-query';
export * from './pagination';
export * from './app';
export * from './register';
