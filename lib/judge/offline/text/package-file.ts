import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Read a data file shipped inside an npm package. Resolved from the project root: inside
 * the Next.js server bundle, a require relative to this module cannot resolve paths.
 */
export function readPackageFile(specifier: string): Buffer {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  return readFileSync(require.resolve(specifier));
}
