export * from './evm';
export * from './qubic';
export * from './decision-token';
