export * from './openapi';
export * from './docs-page';
