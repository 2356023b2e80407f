export * from './portable.js';
// The README's example runs a local HTTP server for its webhooks: Node only.
export { readmeExample, type ExampleCredentials, type ExampleResult } from './example.js';
