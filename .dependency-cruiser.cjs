/** `npm run check:cycles` (through scripts/check/cycles.ts, which adds the check of cycles between the top-level parts of lib/): no folder cycles, and no Node entry point (bin/, scripts/) reaching a `server-only` module. The import boundaries themselves are lint rules (eslint.config.mjs). */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'A part of the code (lib/<part>, components/<part>) imports no part that imports it back.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'node-entry-reaches-server-only',
      severity: 'error',
      comment:
        "The CLI, the worker and the scripts run in plain Node, where `import 'server-only'` throws: they must not reach a module marked with it (lib/api, lib/http/or-not-found, …).",
      from: { path: '^(bin|scripts)/' },
      to: { path: '^node_modules/server-only/', reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.next|lib/db/generated)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
