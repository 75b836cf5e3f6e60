/**
 * The server's module graph (issue 23): which folder may import which. `npm run lint` runs these rules
 * through `scripts/check-module-graph.mjs`, which adds the one check dependency-cruiser cannot express
 * itself: no circle between module folders (its `circular` rule sees files, not folders).
 *
 * Paths are matched wherever a server `src/` sits, so the test fixtures under
 * `apps/server/test/fixtures/moduleGraph/` are judged by the same rules as `apps/server/src/`.
 */

/** A module folder: `src/modules/<name>/…`; sub-folders (platform/menus, governance/nacos) belong to it. */
const MODULE = '(?:^|/)src/modules/([^/]+)/';
/** Kernels sit below every module: any module may use them; they import no module above them. */
const KERNEL = '(?:^|/)src/(?:(?:http|db|text|cluster)/|(?:config|context|appError)\\.ts$|modules/(?:outbound|audit)/)';
/** Kernel modules (outbound calls, audit rows) may use each other, no other module. */
const ABOVE_KERNELS = '(?:^|/)src/modules/(?!outbound/|audit/)';
/** The app root (app.ts, main.ts, bootstrap/): assembles every module, so nothing below may import it. */
const APP_ROOT = '(?:^|/)src/(?:bootstrap/|(?!(?:config|context|appError)\\.ts$)[^/]+\\.ts$)';
/** A repository file holds a module's SQL: `accountRepo.ts`, `menuAdminRepo.ts`, `fooRepository.ts` (not `figureReport.ts`). */
const REPOSITORY_FILE = '(?:^|/)src/modules/[^/]+/.*[Rr]epo(?!rt)[^/]*\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-foreign-repository',
      severity: 'error',
      comment: "A module reads another module's tables through that module's service, never its repository file.",
      from: { path: MODULE },
      to: { path: REPOSITORY_FILE, pathNot: '(?:^|/)src/modules/$1/' },
    },
    {
      name: 'kernel-imports-no-module',
      severity: 'error',
      comment: 'Kernels sit below every module: a module may import a kernel, never the other way round.',
      from: { path: KERNEL },
      to: { path: `${ABOVE_KERNELS}|${APP_ROOT}` },
    },
    {
      name: 'module-imports-no-app-root',
      severity: 'error',
      comment: 'The app root assembles the modules; a module is handed what it needs instead of importing it.',
      from: { path: MODULE },
      to: { path: APP_ROOT },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript compiler API: swc parses, and type-only imports count as edges.
    parser: 'swc',
    tsPreCompilationDeps: true,
    includeOnly: '^apps/server/',
    exclude: { path: '\\.test\\.ts$' },
    doNotFollow: { path: 'node_modules' },
  },
};
