import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the shipped data files are: beside the bundle (`dist/apps/<app>/reference-data`, copied by
 * the build) or in this library's source tree.
 */
export function dataFile(name: string): string {
  const candidates = [
    path.join(__dirname, 'reference-data', name),
    path.join(__dirname, '..', 'data', name),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found)
    throw new Error(`Reference data file ${name} not found in ${candidates.join(' or ')}`);
  return found;
}
