import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // Tests run lib's server modules in plain Node, outside Next's react-server condition,
      // where the `server-only` marker would throw: give them the package's empty module.
      'server-only': path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    include: ['lib/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/db/template-setup.ts', 'tests/setup/entry-bundles.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default on a 2-core machine is one worker. Many files wait on servers, workers
    // and subprocesses rather than compute, so two files at once fill that idle time: the ten
    // slowest files took 488 s with two workers against 1085 s with one on a busy machine.
    maxWorkers: 2,
    // Files share their worker's module cache instead of importing Prisma's client, the judge and
    // the route handlers again each (187 files: 290 s of imports → 22 s; the suite ran in 216 s
    // against 500 s isolated, every test passing). Tests make their own databases, servers and
    // clients and undo their env stubs and fake timers, so a file leaves nothing for the next one.
    isolate: false,
  },
});
