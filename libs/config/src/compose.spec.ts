import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { APPS } from '@custody/contracts';
import { appConfigSchemas, configVariables, loadConfig } from './index';

// docker compose cannot run on the build machines, so this keeps docker-compose.yml honest.
const ROOT = path.resolve(__dirname, '../../..');
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), {
  merge: true,
}) as {
  services: Record<
    string,
    { build?: { dockerfile: string; args: { APP: string } }; environment?: Record<string, string> }
  >;
};

describe('docker-compose.yml', () => {
  it('has a service for every deployable app folder, and the apps list matches the folders', () => {
    const folders = readdirSync(path.join(ROOT, 'apps')).filter((app) =>
      existsSync(path.join(ROOT, 'apps', app, 'src', 'main.ts')),
    );
    expect([...folders].sort()).toEqual([...APPS].sort());
    for (const app of APPS) {
      expect(compose.services[app]?.build).toEqual({
        context: '.',
        dockerfile: 'docker/Dockerfile',
        args: { APP: app },
      });
    }
    expect(existsSync(path.join(ROOT, 'docker', 'Dockerfile'))).toBe(true);
  });

  it.each(APPS)('declares every variable %s reads, with a value its config accepts', (app) => {
    const environment = compose.services[app]?.environment ?? {};
    expect(Object.keys(environment).sort()).toEqual(
      expect.arrayContaining(configVariables(app).sort()),
    );
    const unknown = Object.keys(environment).filter((key) => !(key in appConfigSchemas[app].shape));
    expect(unknown).toEqual([]);
    expect(() => loadConfig(app, environment)).not.toThrow();
  });

  it('points the apps at the compose services, not at localhost', () => {
    for (const app of APPS) {
      const environment = compose.services[app]?.environment ?? {};
      for (const key of ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL']) {
        if (environment[key]) expect(environment[key]).not.toMatch(/localhost|127\.0\.0\.1/);
      }
    }
  });
});

describe('docker/Dockerfile', () => {
  it('starts every app with the node flags `npm start` and the test stacks use', () => {
    const { flags } = JSON.parse(
      readFileSync(path.join(ROOT, 'tools', 'lib', 'app-node-flags.json'), 'utf8'),
    ) as { flags: string[] };
    const cmd = /^CMD (\[.*\])$/m.exec(
      readFileSync(path.join(ROOT, 'docker', 'Dockerfile'), 'utf8'),
    );
    expect(cmd).not.toBeNull();
    const args = JSON.parse(cmd?.[1] ?? '[]') as string[];
    expect(flags.length).toBeGreaterThan(0);
    expect(args.slice(0, -1)).toEqual(expect.arrayContaining(flags));
    expect(args.at(-1)).toBe('main.js');
  });
});
