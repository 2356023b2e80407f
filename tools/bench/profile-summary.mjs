// Summarises a V8 .cpuprofile: self time by function and by package, top N.
// Usage: node tools/bench/profile-summary.mjs <file.cpuprofile> [top=30]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfSamples = new Map();
for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
const total = profile.samples.length;

function where(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  const short = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/');
  return `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
}
function packageOf(node) {
  const url = node.callFrame.url;
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.includes('/dist/')) return 'ours (dist)';
  if (url.startsWith('node:') || url === '')
    return node.callFrame.functionName.startsWith('(')
      ? node.callFrame.functionName
      : 'node internals';
  return url;
}
const byFunction = new Map();
const byPackage = new Map();
for (const [id, count] of selfSamples) {
  const node = byId.get(id);
  byFunction.set(where(node), (byFunction.get(where(node)) ?? 0) + count);
  byPackage.set(packageOf(node), (byPackage.get(packageOf(node)) ?? 0) + count);
}
const show = (map, n) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
console.log(
  `${total} samples\n\nby package:\n${show(byPackage, 15)}\n\nby function:\n${show(byFunction, top)}`,
);
