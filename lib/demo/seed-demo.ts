import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hasAnyDataset } from '../db/queries/datasets/count-conversations';
import type { Db } from '../db/db-types';
import { parseDataset } from '../datasets';
import { AppError } from '../errors';
import { createOfflineJudge } from '../judge/offline';
import { applicableMetrics, metricDescriptor } from '../metrics/registry';
import { DEFAULT_PROJECT_ID } from '../identity/project';
import { recordEvaluation } from '../imports/record-evaluation';

export const DEMO_DATASET_NAME = 'Demo: support and onboarding conversations';
const DEMO_FILE = path.join(process.cwd(), 'lib', 'demo', 'demo-dataset.json');

/**
 * On a database with no datasets, stores the demo dataset (the bank-account conversation
 * among others) and a completed run scored by the offline judge, so that a first visit has
 * every page filled. Returns whether it seeded.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  if (await hasAnyDataset(db)) return false;
  const parsed = parseDataset(await readFile(DEMO_FILE, 'utf8'), { fileName: 'demo-dataset.json' });
  if (parsed.format === null || parsed.problems.some((p) => p.severity === 'error')) {
    throw new AppError('INTERNAL', `the demo dataset does not parse: ${parsed.problems[0]?.message ?? 'unknown format'}`);
  }
  const judge = createOfflineJudge();
  await recordEvaluation(db, {
    dataset: {
      projectId: DEFAULT_PROJECT_ID,
      name: DEMO_DATASET_NAME,
      sourceFormat: parsed.format,
      sourceFileName: 'demo-dataset.json',
      modelVersion: 'demo-bot v1',
      conversations: parsed.conversations,
    },
    // The demo is scored by the offline judge: metrics that need an LLM judge are left out.
    metrics: applicableMetrics(parsed.conversations)
      .filter((name) => !metricDescriptor(name)?.needsLlmJudge)
      .map((name) => ({ name, options: {} })),
    judge,
    judgeName: null,
    concurrency: 4,
  });
  return true;
}
