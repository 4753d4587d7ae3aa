import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import turnwise from './eslint/client-boundary.mjs';

/*
 * Next's rules and typescript-eslint's, plus the boundaries of docs/architecture.md: which
 * part of the code may import which. A boundary broken is an error, so `npm run lint` fails.
 */

const restrictedPaths = (zones) => ['error', { zones }];

const ZONES = [
  {
    target: './lib/metrics',
    from: ['./lib/db', './lib/runs', './lib/jobs', './lib/replay', './lib/online', './lib/ingest', './lib/actions', './lib/api', './lib/imports', './lib/exports', './app', './components'],
    message: 'lib/metrics is pure: the judge and the conversation come in as arguments; it reads no database.',
  },
  {
    target: './lib/judge',
    from: ['./lib/metrics', './lib/runs', './lib/jobs', './lib/replay', './lib/online', './lib/ingest', './lib/connections', './lib/actions', './lib/api', './app', './components'],
    message: 'lib/judge does not depend on the metric engine or on runs: shared types live in lib/domain.',
  },
  {
    // lib/datasets/page holds the dataset pages' loaders, which read through lib/db.
    target: ['./lib/datasets/*.ts', './lib/datasets/!(page)/**'],
    from: ['./lib/db', './lib/runs', './lib/actions', './lib/imports'],
    message: 'lib/datasets parses and validates; it never writes (storing goes through lib/imports and lib/db; the pages read through lib/datasets/page).',
  },
  {
    // Queries live in lib/db/queries alone (lib/exports and lib/api hold none any more).
    target: './lib/db',
    from: [
      './lib/runs',
      './lib/compare',
      './lib/datasets',
      './lib/jobs',
      './lib/replay',
      './lib/ingest',
      './lib/online',
      './lib/schedules',
      './lib/retention',
      './lib/connections',
      './lib/custom-metrics',
      './lib/eval-export',
      './lib/agreement',
      './lib/demo',
      './lib/alerts',
      './lib/actions',
      './lib/api',
      './lib/imports',
      './lib/exports',
      './lib/cli',
      './lib/server',
      './app',
      './components',
    ],
    message: 'A query is one statement over the database: it calls nothing above it (lib/runs, lib/compare, lib/jobs…).',
  },
  {
    // The engine of background work: the kinds of work register with it (lib/server/job-kinds.ts); it knows none of them.
    target: './lib/jobs',
    from: [
      './lib/runs',
      './lib/replay',
      './lib/ingest',
      './lib/online',
      './lib/schedules',
      './lib/retention',
      './lib/alerts',
      './lib/exports',
      './lib/eval-export',
      './lib/connections',
      './lib/custom-metrics',
      './lib/compare',
      './lib/agreement',
      './lib/demo',
      './lib/metrics',
      './lib/judge',
      './lib/imports',
      './lib/datasets',
      './lib/auth',
      './lib/actions',
      './lib/api',
      './lib/cli',
      './lib/server',
      './app',
      './components',
    ],
    message: 'lib/jobs is the engine every kind of background work runs on: it imports no kind of work (they register through lib/server/job-kinds.ts), no boundary, app or components.',
  },
  {
    // A feature uses another through its front door (lib/runs/index.ts, lib/replay/index.ts), and the engines through theirs.
    target: ['./lib/replay', './lib/ingest', './lib/online', './lib/schedules', './lib/retention', './lib/exports', './lib/eval-export', './lib/connections', './lib/custom-metrics', './lib/demo', './lib/compare', './lib/agreement'],
    from: ['./lib/runs/queue', './lib/runs/execution'],
    message: "A feature never imports another feature's queue/ or execution/: runs are queued and scored through lib/runs (its front door, lib/runs/index.ts), background work through lib/jobs.",
  },
  {
    target: ['./lib/runs', './lib/ingest', './lib/online', './lib/schedules', './lib/retention', './lib/exports', './lib/eval-export', './lib/connections', './lib/custom-metrics', './lib/demo', './lib/compare', './lib/agreement'],
    from: ['./lib/replay/execution', './lib/replay/targets', './lib/replay/lifecycle'],
    message: "A feature never imports another feature's insides: replays are used through lib/replay (its front door, lib/replay/index.ts).",
  },
  {
    target: ['./lib/replay', './lib/runs', './lib/online', './lib/schedules', './lib/retention', './lib/exports', './lib/eval-export', './lib/connections', './lib/custom-metrics', './lib/demo'],
    from: ['./lib/ingest'],
    message: 'OTLP ingest is a door in (its receiver) and a kind of background work (lib/ingest/ingest-jobs.ts): no other feature imports it.',
  },
  {
    target: ['./lib/replay', './lib/runs', './lib/ingest', './lib/schedules', './lib/retention', './lib/exports', './lib/eval-export', './lib/connections', './lib/custom-metrics', './lib/demo'],
    from: ['./lib/online'],
    message: 'Online scoring is a kind of background work (lib/online/online-jobs.ts) and its rules: no other feature imports it; ingest and online scoring meet only in lib/server/job-kinds.ts.',
  },
  {
    // Schedules and retention act on the engines through their front doors; no feature uses them back.
    target: ['./lib/replay', './lib/runs', './lib/ingest', './lib/online', './lib/retention', './lib/alerts', './lib/exports', './lib/eval-export', './lib/connections', './lib/custom-metrics', './lib/demo', './lib/compare', './lib/agreement'],
    from: ['./lib/schedules'],
    message: 'Schedules are a kind of background work (lib/schedules/schedule-jobs.ts) and their pages: no other feature imports them; they meet the others in lib/server/job-kinds.ts.',
  },
  {
    target: ['./lib/replay', './lib/runs', './lib/ingest', './lib/online', './lib/schedules', './lib/alerts', './lib/exports', './lib/eval-export', './lib/connections', './lib/custom-metrics', './lib/demo', './lib/compare', './lib/agreement'],
    from: ['./lib/retention'],
    message: 'Retention is a kind of background work (lib/retention/retention-jobs.ts) and its settings: no other feature imports it; it meets the others in lib/server/job-kinds.ts.',
  },
  {
    // Alerts are told what happened through their front door (lib/alerts/index.ts: onRunClosed, onReplayEnded, onOnlinePass, onIngestFailed).
    target: ['./lib/runs', './lib/replay', './lib/online', './lib/ingest', './lib/imports', './lib/exports', './lib/eval-export', './lib/connections', './lib/custom-metrics', './lib/demo', './lib/compare', './lib/agreement', './lib/deepeval', './lib/redaction', './lib/schedules', './lib/retention'],
    from: './lib/alerts',
    except: ['./index.ts'],
    message: 'A feature tells alerts what happened through their front door, lib/alerts/index.ts (onRunClosed, onReplayEnded, onOnlinePass, onIngestFailed), never their insides.',
  },
  {
    // The features that call the front door: alerts read what they left in the database, never their code (a cycle otherwise).
    target: './lib/alerts',
    from: ['./lib/runs', './lib/replay', './lib/online', './lib/ingest', './lib/schedules', './lib/retention', './lib/deepeval', './lib/actions', './lib/api', './lib/cli', './lib/server', './app', './components'],
    message: 'lib/alerts reads runs, replays, online scores and ingested batches through lib/db queries: it imports none of the features that tell it what happened, nor any boundary.',
  },
  {
    // The outbound transport (the egress check, its pinned dispatcher and redirect rule): low in the
    // layers, so that every feature that sends a request can use it and none is imported back.
    target: './lib/llm',
    from: [
      './lib/db',
      './lib/jobs',
      './lib/judge',
      './lib/metrics',
      './lib/runs',
      './lib/replay',
      './lib/online',
      './lib/schedules',
      './lib/retention',
      './lib/alerts',
      './lib/connections',
      './lib/eval-export',
      './lib/ingest',
      './lib/datasets',
      './lib/compare',
      './lib/auth',
      './lib/actions',
      './lib/api',
      './lib/imports',
      './lib/exports',
      './lib/cli',
      './lib/deepeval',
      './app',
      './components',
    ],
    message: 'lib/llm is the outbound transport (the judge, the replay targets and the simulated user call it): it may import lib/domain and lib/errors, nothing that uses it.',
  },
  {
    // deepeval's client lands through lib/deepeval (CONFIDENT_BASE_URL=<Turnwise>/api/deepeval): a door in, like lib/imports.
    target: ['./lib/db', './lib/domain', './lib/judge', './lib/metrics', './lib/datasets', './lib/runs', './lib/compare', './lib/online', './lib/replay', './lib/ingest'],
    from: ['./lib/deepeval'],
    message: "lib/deepeval is a door in for deepeval's client: the engines below it never import it.",
  },
  {
    target: './lib/deepeval',
    from: ['./lib/actions', './lib/api', './app', './components'],
    message: "lib/deepeval answers deepeval's client through its own boundary (lib/deepeval/http); it uses the engines, not the other doors.",
  },
  {
    target: './lib/domain',
    from: ['./lib/db', './lib/runs', './lib/jobs', './lib/llm', './lib/judge', './lib/metrics', './lib/datasets', './lib/compare', './app', './components'],
    message: 'lib/domain holds the shared types and imports none of the parts that use them.',
  },
  {
    // The import page's Web Worker redacts its preview with it: it stays browser-safe.
    target: './lib/pii',
    from: ['./lib/db', './lib/runs', './lib/judge', './lib/imports', './lib/ingest', './lib/redaction', './lib/actions', './app', './components'],
    message: 'lib/pii is the pure redaction engine (the preview runs it in the browser): settings and storage are lib/redaction.',
  },
];

/*
 * The judge is passed in to every metric: a metric may import the judge's contract (the Judge
 * interface and the step contract its steps follow) and, in its steps.ts, the offline judge's
 * rules it binds to its steps; nothing else of lib/judge. Tests may import the scripted judge.
 */
const METRICS_USE_ONLY_THE_JUDGE_CONTRACT = {
  target: './lib/metrics',
  from: './lib/judge',
  except: ['./types.ts', './steps.ts', './step-items.ts', './offline/steps'],
  message:
    'lib/metrics takes its judge as an argument: import only its contract (lib/judge/types, lib/judge/steps, lib/judge/step-items) and, for a step\'s offline rule, lib/judge/offline/steps.',
};


/*
 * What may import lib/db: lib/ code (loaders in lib/<feature>, actions, the API's handlers,
 * workers) and tests. Pages and components read through one loader per page or panel in
 * lib/<feature> (the run page's are in lib/runs/page), never a query or the client itself;
 * types may be imported. Route handlers under app/api hand the client to lib/api.
 */
const DB_FROM_PAGES = {
  patterns: [
    {
      regex: '^(@/|(\\.\\./)+)lib/db/(queries/|client$)',
      allowTypeImports: true,
      message: 'A page or component reads through a loader in lib/<feature> (one per page or panel), not lib/db itself.',
    },
  ],
};

// A link from a page stays in the page's project (a plain next/link to /alerts/x opened Default's).
const LINK_IN_PROJECT = { name: 'next/link', message: "Link from '@/components/ui/project-link': a link stays in the project of the page it is on." };
// The project link itself, and the switcher, which names each project's URL with projectPath.
const PROJECT_LINK_ITSELF = ['components/ui/project-link.tsx', 'components/nav/project-menu.tsx'];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['.next/**', 'lib/db/generated/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench-output/**', 'data/**', 'next-env.d.ts', 'eslint/fixtures/**']),
  {
    files: ['**/*.{js,jsx,mjs,ts,tsx,mts,cts}'],
    plugins: { turnwise },
    rules: {
      'turnwise/client-boundary': 'error',
      'turnwise/prisma-in-queries': 'error',
      'turnwise/project-scoped-queries': 'error',
      // Unused arguments and caught errors named with a leading underscore are deliberate.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // React Compiler readiness rules: the app does not use the compiler, and they flag
      // working effects (resetting a draft when its source changes) and async server
      // components that read the clock per request.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/purity': 'off',
      'import/no-restricted-paths': restrictedPaths(ZONES),
    },
  },
  {
    files: ['lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: { 'import/no-restricted-paths': restrictedPaths([...ZONES, METRICS_USE_ONLY_THE_JUDGE_CONTRACT]) },
  },
  {
    files: ['lib/metrics/**', 'lib/domain/**', 'lib/pii/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['next', 'next/*', '@prisma/*', 'prisma', 'pg', 'pg-boss', '@libsql/*', 'server-only'], message: 'lib/metrics is pure: no database, no Next.' },
          ],
        },
      ],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'lib/metrics reads no environment: options come in as arguments.' }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    ignores: ['app/api/**', ...PROJECT_LINK_ITSELF],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { ...DB_FROM_PAGES, paths: [LINK_IN_PROJECT] }] },
  },
  {
    files: PROJECT_LINK_ITSELF,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', DB_FROM_PAGES] },
  },
  {
    // A request acts in its principal's project: only workers (their own queued records) pass ANY_PROJECT (lib/db/project-scope.ts).
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/api/**', 'lib/actions/**', 'lib/**/page/**', 'lib/cli/**', 'lib/deepeval/**', 'lib/auth/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportSpecifier[imported.name='ANY_PROJECT']", message: 'A request acts in its principal\'s project: pass principal.project.id, not ANY_PROJECT (for workers only).' },
      ],
    },
  },
]);
