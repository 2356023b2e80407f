export * from './openapi';
export * from './docs-page';
export * from './examples';
export * from './error-codes';
