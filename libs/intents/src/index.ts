export * from './evm';
export * from './qubic';
export * from './decision-token';
export * from './token-authorizations';
export * from './approvals';
