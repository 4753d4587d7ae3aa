/**
 * Match keys made unique within a run: the second conversation with the same key (two
 * conversations named alike in one file) becomes "key#2", the third "key#3", in position
 * order, so that the n-th of them in one run meets the n-th of them in the other.
 */
export function numberRepeatedKeys(keys: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? key : `${key}#${count}`;
  });
}

export interface KeyMatch {
  /** Every key of any run: the baseline's in its order, then each candidate's new ones. */
  keys: string[];
  /** For each run (baseline first), the run's conversation index of each key, −1 when absent. */
  indexOf: Int32Array[];
}

/** Lines up the conversations of several runs by their (numbered) match keys. */
export function matchKeys(runs: readonly (readonly string[])[]): KeyMatch {
  const rowOf = new Map<string, number>();
  const keys: string[] = [];
  const rowsOfRun = runs.map((runKeys) => {
    const rows = new Int32Array(runKeys.length);
    runKeys.forEach((key, index) => {
      let row = rowOf.get(key);
      if (row === undefined) {
        row = keys.length;
        rowOf.set(key, row);
        keys.push(key);
      }
      rows[index] = row;
    });
    return rows;
  });
  const indexOf = rowsOfRun.map((rows) => {
    const index = new Int32Array(keys.length).fill(-1);
    rows.forEach((row, i) => (index[row] = i));
    return index;
  });
  return { keys, indexOf };
}
