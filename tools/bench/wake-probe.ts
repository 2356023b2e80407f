// `node --import tsx tools/bench/wake-probe.ts`: CPU per request of a trivial HTTP server (it
// answers `{"ok":true}`) at several paced rates. On the 2-core sandbox it showed that a process
// woken per request costs far more CPU than one kept busy (docs/performance.md, "Wake-ups").
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { paced } from './load';

// Clock ticks of /proc/<pid>/stat (USER_HZ, 100 on every kernel we run on) → ms.
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main() {
  const server = spawn(
    process.execPath,
    [
      '-e',
      `require('http').createServer((q, s) => { q.resume(); q.on('end', () => s.end('{"ok":true}')); })
         .listen(0, '127.0.0.1', function () { console.log(this.address().port); });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve) =>
    server.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  const rows = [];
  for (const rate of [100, 300, 1000, 3000]) {
    const before = cpuMs(server.pid as number);
    const result = await paced({
      url: `http://127.0.0.1:${port}/`,
      connections: 64,
      durationSeconds: 5,
      rate,
    });
    const used = cpuMs(server.pid as number) - before;
    rows.push({
      'requests/s': rate,
      'server CPU ms per request': Math.round((used / result.sent) * 1000) / 1000,
      p50: result.p50,
      p99: result.p99,
    });
  }
  server.kill();
  console.table(rows);
}

void main();
