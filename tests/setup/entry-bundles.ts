import { bundleTestEntries } from '../helpers/entry-bundles';

/** Vitest's global setup: the entries tests start as processes, bundled for this run (tests/helpers/entry-bundles.ts). */
export default async function setup(): Promise<() => void> {
  return bundleTestEntries();
}
