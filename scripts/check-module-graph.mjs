#!/usr/bin/env node
// The server's module graph check (`npm run lint`): dependency-cruiser's rules from .dependency-cruiser.cjs,
// plus no circle between module folders, which its own `circular` rule (file to file) cannot see.
// Usage: node scripts/check-module-graph.mjs [folder ...]   (default: apps/server/src)
// Exits 1 on any circle or rule violation, with a summary a person can act on.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const folders = process.argv.slice(2).map((folder) => path.relative(root, path.resolve(folder)));
if (folders.length === 0) folders.push('apps/server/src');

/** The unit a file belongs to: its module folder, its kernel, or the app root that assembles them. */
function unitOf(file) {
  const inSrc = /(?:^|\/)src\/(.*)$/.exec(file)?.[1];
  if (inSrc === undefined) return null;
  const module = /^modules\/([^/]+)\//.exec(inSrc);
  if (module) return module[1];
  const kernel = /^(http|db|text|cluster)\/|^(config|context|appError)\.ts$/.exec(inSrc);
  if (kernel) return kernel[1] ?? kernel[2];
  return 'app';
}

/** Tarjan's strongly connected components: each component of more than one unit is a circle. */
function circlesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const visit = (unit) => {
    index.set(unit, next);
    low.set(unit, next);
    next += 1;
    stack.push(unit);
    onStack.add(unit);
    for (const target of graph.get(unit)?.keys() ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(unit, Math.min(low.get(unit), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(unit, Math.min(low.get(unit), index.get(target)));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const unit of [...graph.keys()].sort()) if (!index.has(unit)) visit(unit);
  return components;
}

/** Paths as a reader of one folder's report wants them: relative to that folder. */
const shown = (file) => (folders.length === 1 ? path.posix.relative(folders[0], file) : file);

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const { output: result } = await cruise(folders, { ...options, outputType: 'json' });
const { modules, summary } = JSON.parse(result);

// unit -> unit -> the file imports that make the edge
const graph = new Map();
let files = 0;
for (const file of modules) {
  const from = unitOf(file.source);
  if (from === null) continue;
  files += 1;
  if (!graph.has(from)) graph.set(from, new Map());
  for (const dependency of file.dependencies) {
    const to = unitOf(dependency.resolved);
    if (to === null || to === from) continue;
    const edges = graph.get(from);
    if (!edges.has(to)) edges.set(to, []);
    edges.get(to).push(`${shown(file.source)} -> ${shown(dependency.resolved)}`);
  }
}

const circles = circlesOf(graph);
const edgeCount = [...graph.values()].reduce((sum, edges) => sum + edges.size, 0);
const errors = summary.violations.filter((violation) => violation.rule.severity === 'error');
const lines = [`module graph of ${folders.join(', ')}: ${files} files in ${graph.size} units, ${edgeCount} imports between units`];
lines.push(`circles between units: ${circles.length}`);
for (const circle of circles) {
  const members = new Set(circle);
  lines.push(`  circle of ${circle.length}: ${circle.join(', ')}`);
  for (const from of circle) {
    for (const [to, edges] of graph.get(from) ?? []) {
      if (!members.has(to)) continue;
      const more = edges.length > 1 ? ` (+${edges.length - 1} more)` : '';
      lines.push(`    ${from} -> ${to}: ${edges[0]}${more}`);
    }
  }
}
const ruleNames = [...new Set(errors.map((violation) => violation.rule.name))].sort();
lines.push(`rule violations: ${errors.length}`);
for (const name of ruleNames) {
  const ofRule = errors.filter((violation) => violation.rule.name === name);
  lines.push(`  ${name} (${ofRule.length})`);
  for (const violation of ofRule) lines.push(`    ${shown(violation.from)} -> ${shown(violation.to)}`);
}
if (circles.length === 0) {
  // Each unit's layer is one above the highest unit it imports: the order the README's layout describes.
  const layerOf = new Map();
  const layer = (unit) => {
    if (!layerOf.has(unit)) layerOf.set(unit, Math.max(-1, ...[...(graph.get(unit)?.keys() ?? [])].map(layer)) + 1);
    return layerOf.get(unit);
  };
  const units = [...graph.keys()].sort();
  const top = Math.max(...units.map(layer));
  lines.push('layers, bottom first:');
  for (let index = 0; index <= top; index += 1) {
    lines.push(`  ${index}: ${units.filter((unit) => layer(unit) === index).join(', ')}`);
  }
}
const failed = circles.length > 0 || errors.length > 0;
lines.push(failed ? 'module graph: FAILED' : 'module graph: ok');
console.log(lines.join('\n'));
process.exitCode = failed ? 1 : 0;
