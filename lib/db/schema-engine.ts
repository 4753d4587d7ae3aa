import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import { AppError } from '../errors';
export { createMigrationFactory } from './migration-factory';

export type { SchemaEngine };

const globalForEngine = globalThis as unknown as {
  PRISMA_WASM_PANIC_REGISTRY?: { set_message(message: string): void; message: string };
  turnwiseSchemaEngineLoaded?: boolean;
};

function resolveBindings(): string {
  const specifier = '@prisma/schema-engine-wasm/schema_engine_bg';
  try {
    const resolved: unknown = createRequire(import.meta.url).resolve(specifier);
    // Inside a Next.js server bundle, require.resolve yields a module id or a virtual path.
    if (typeof resolved === 'string' && fs.existsSync(resolved)) return resolved;
  } catch {
    // Bundled server code may not sit next to node_modules; the project root does.
  }
  return createRequire(path.join(process.cwd(), 'package.json')).resolve(specifier);
}

/**
 * Instantiates the wasm module once per process. Its package's entry imports the .wasm
 * file as an ES module, which Node does not do without a flag, so we wire the bindings
 * to the module ourselves.
 */
function loadWasm(): void {
  if (globalForEngine.turnwiseSchemaEngineLoaded) return;
  // The bindings report Rust panics through this global.
  globalForEngine.PRISMA_WASM_PANIC_REGISTRY ??= {
    message: '',
    set_message(message: string) {
      this.message = message;
    },
  };
  const wasmPath = resolveBindings().replace(/\.js$/, '.wasm');
  const imports: Record<string, unknown> = { ...bindings };
  for (const name of Object.keys(imports)) {
    if (!name.startsWith('__wbg_setTimeout_')) continue;
    // The engine arms timeouts (e.g. 10 s for Postgres's advisory lock) and never clears
    // them, which would keep a finished CLI alive; withSchemaEngine keeps the process
    // alive while the engine works instead.
    imports[name] = (callback: () => void, ms: number) => setTimeout(callback, ms >>> 0).unref();
  }
  const wasmModule = new WebAssembly.Module(fs.readFileSync(wasmPath));
  const instance = new WebAssembly.Instance(wasmModule, {
    './schema_engine_bg.js': imports as WebAssembly.ModuleImports,
  });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  globalForEngine.turnwiseSchemaEngineLoaded = true;
}

/** Keeps every adapter the engine opens so they can all be closed when we are done. */
function trackAdapters(factory: SqlMigrationAwareDriverAdapterFactory) {
  const opened: SqlDriverAdapter[] = [];
  const track = async (connect: () => Promise<SqlDriverAdapter>) => {
    const adapter = await connect();
    opened.push(adapter);
    return adapter;
  };
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => track(() => factory.connect()),
    connectToShadowDb: () => track(() => factory.connectToShadowDb()),
  };
  const closeAll = async () => {
    // Adapters may already have been disposed by the engine; ours tolerate that.
    await Promise.allSettled(opened.splice(0).map((a) => a.dispose()));
  };
  return { tracked, closeAll };
}

/** Human-readable message of an engine error, without the engine's Rust span trace. */
export function engineErrorMessage(error: unknown): string {
  const message =
    error instanceof Error
      ? error.message
      : error && typeof error === 'object' && 'message' in error
        ? String(error.message)
        : String(error);
  return message.split(/\n\s*0: /)[0].trim();
}

/**
 * Runs `fn` with a schema engine connected to `factory`, then frees the engine and closes
 * every connection it opened (shadow databases included).
 */
export async function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  schema: { path: string; content: string } | null,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  loadWasm();
  const keepAlive = setInterval(() => {}, 60_000);
  const { tracked, closeAll } = trackAdapters(factory);
  const debug = process.env.DEBUG?.includes('turnwise:schema-engine');
  let engine: SchemaEngine | undefined;
  try {
    engine = await bindings.SchemaEngine.new(
      { datamodels: schema ? [[schema.path, schema.content]] : undefined },
      (log: string) => {
        if (debug) console.error(log);
      },
      bindMigrationAwareSqlAdapterFactory(tracked),
    );
    return await fn(engine);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('INTERNAL', `Schema engine: ${engineErrorMessage(error)}`, { cause: error });
  } finally {
    engine?.free();
    await closeAll();
    clearInterval(keepAlive);
  }
}
