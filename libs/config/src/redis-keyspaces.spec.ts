import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REDIS_KEYSPACES } from '@custody/contracts';

const FILE = path.resolve(__dirname, '../../../docker/redis/keyspaces.json');

describe('docker/redis/keyspaces.json', () => {
  it('is libs/contracts REDIS_KEYSPACES (UPDATE_REDIS_KEYSPACES=1 rewrites it)', () => {
    const expected = `${JSON.stringify(REDIS_KEYSPACES, null, 2)}\n`;
    if (process.env['UPDATE_REDIS_KEYSPACES'] === '1') writeFileSync(FILE, expected);
    expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(REDIS_KEYSPACES);
  });
});
