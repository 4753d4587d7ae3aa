import { toRunProgressSnapshot, type RunProgressSnapshot, type RunProgressSource } from '../../domain/run-progress';
import { findModelPrice } from '../../llm/prices';

/** A run's live numbers for the browser, knowing whether its judge's model has a price (an unknown price is not $0). */
export function runProgressSnapshot(run: RunProgressSource & { judgeModel: string }): RunProgressSnapshot {
  return toRunProgressSnapshot({ ...run, priced: run.judgeKind === 'offline' || findModelPrice(run.judgeModel) !== null });
}
