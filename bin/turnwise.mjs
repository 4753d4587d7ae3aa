#!/usr/bin/env node
/*
 * `npm run turnwise`: bin/turnwise.ts run from a bundle instead of under tsx, whose loader
 * compiles and resolves a few hundred modules one by one at every start (a second or more of
 * CPU before the first judge request). The bundle is made with esbuild, the compiler tsx
 * runs, into node_modules/.cache/turnwise-cli/, split so that each command loads only what it
 * uses; packages stay external. It is made again when a file it was made from changed (size
 * or modification time). When it cannot be made (no esbuild, a read-only folder), the entry
 * runs under tsx as before.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY = 'bin/turnwise.ts';
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'turnwise-cli');
const MANIFEST = path.join(CACHE, 'manifest.json');
/** Read besides the sources: the path aliases. */
const CONFIG_FILES = ['tsconfig.json'];
/** Older bundles are removed after this long: a command started before a rebuild may still load its chunks. */
const KEEP_OLD_MS = 24 * 60 * 60 * 1000;

const stamp = (file) => {
  const s = statSync(path.join(ROOT, file));
  return [s.mtimeMs, s.size];
};

/** The bundle's entry when every file it was made from is as it was then; null otherwise. */
function currentBundle() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    for (const [file, [mtime, size]] of Object.entries(manifest.inputs)) {
      const [m, s] = stamp(file);
      if (m !== mtime || s !== size) return null;
    }
  } catch {
    return null;
  }
  return path.join(CACHE, manifest.dir, 'turnwise.mjs');
}

async function makeBundle() {
  const { build } = await import('esbuild');
  const dir = `build-${Date.now()}-${process.pid}`;
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [{ in: ENTRY, out: 'turnwise' }],
    outdir: path.join(CACHE, dir),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.fromEntries([...Object.keys(result.metafile.inputs), ...CONFIG_FILES].map((file) => [file, stamp(file)]));
  // Written whole, then renamed: a command starting meanwhile reads the old manifest or the new one.
  const temporary = `${MANIFEST}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify({ dir, inputs }));
  renameSync(temporary, MANIFEST);
  for (const old of readdirSync(CACHE)) {
    if (!old.startsWith('build-') || old === dir) continue;
    if (Date.now() - Number(old.split('-')[1]) > KEEP_OLD_MS) rmSync(path.join(CACHE, old), { recursive: true, force: true });
  }
  return path.join(CACHE, dir, 'turnwise.mjs');
}

async function bundle() {
  const ready = currentBundle();
  if (ready) return ready;
  try {
    mkdirSync(CACHE, { recursive: true });
    return await makeBundle();
  } catch {
    return null;
  }
}

const entry = await bundle();
// An unexpected error's stack names the TypeScript files and lines, as under tsx.
process.setSourceMapsEnabled(true);
if (entry) {
  await import(pathToFileURL(entry).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(ROOT, ENTRY)).href);
}
