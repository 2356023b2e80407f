import path from 'node:path';

/**
 * Identity's SQL migrations: beside this module in the sources, beside main.js in the bundle. Its
 * own module so that the key rotation command finds them without importing the service's wiring.
 */
export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
