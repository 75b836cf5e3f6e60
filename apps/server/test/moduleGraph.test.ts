import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The module graph check that `npm run lint` runs, on small server trees with one fault each.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = 'apps/server/test/fixtures/moduleGraph';

function checkGraph(tree: string): Promise<{ exitCode: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/check-module-graph.mjs', `${fixtures}/${tree}`], { cwd: repoRoot }, (error, stdout, stderr) => {
      resolve({ exitCode: error ? Number(error.code ?? 1) : 0, output: stdout + stderr });
    });
  });
}

describe('module graph check', () => {
  it('fails on two module folders importing each other, even when no file imports itself back', async () => {
    const { exitCode, output } = await checkGraph('circle');
    expect(exitCode).toBe(1);
    expect(output).toContain('circles between units: 1');
    expect(output).toContain('circle of 2: alpha, beta');
    // The type-only import that closes the circle is named, so the reader knows which edge to cut.
    expect(output).toContain('beta -> alpha: src/modules/beta/betaService.ts -> src/modules/alpha/alphaTypes.ts');
    expect(output).toContain('module graph: FAILED');
  });

  it("fails on a module importing another module's repository file", async () => {
    const { exitCode, output } = await checkGraph('repository');
    expect(exitCode).toBe(1);
    expect(output).toContain('no-foreign-repository (1)');
    expect(output).toContain('src/modules/alpha/alphaService.ts -> src/modules/beta/betaRepo.ts');
  });

  it('fails on a kernel importing a module above it', async () => {
    const { exitCode, output } = await checkGraph('kernel');
    expect(exitCode).toBe(1);
    expect(output).toContain('kernel-imports-no-module (1)');
    expect(output).toContain('src/http/guard.ts -> src/modules/alpha/alphaService.ts');
  });

  it('passes a layered tree: modules over kernels, services between modules, the app root over all', async () => {
    const { exitCode, output } = await checkGraph('layered');
    expect(output).toContain('circles between units: 0');
    expect(output).toContain('rule violations: 0');
    // The layering it prints is the order a reader can build on: kernel, the module used, its user, the root.
    expect(output).toContain('layers, bottom first:\n  0: http\n  1: beta\n  2: alpha\n  3: app');
    expect(exitCode).toBe(0);
  });
});
