export * from './openapi';
export * from './docs-page';
export * from './examples';
