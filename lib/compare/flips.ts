export interface FlipCounts {
  /** Pairs that passed in the baseline and failed in the candidate. */
  passToFail: number;
  failToPass: number;
  baselinePassRate: number | null;
  candidatePassRate: number | null;
}

/** Pass/fail changes over matched pairs (1 = passed, 0 = failed). */
export function countFlips(baselinePassed: ArrayLike<number>, candidatePassed: ArrayLike<number>): FlipCounts {
  let passToFail = 0;
  let failToPass = 0;
  let basePasses = 0;
  let candPasses = 0;
  const n = baselinePassed.length;
  for (let i = 0; i < n; i++) {
    const b = baselinePassed[i] === 1;
    const c = candidatePassed[i] === 1;
    if (b) basePasses += 1;
    if (c) candPasses += 1;
    if (b && !c) passToFail += 1;
    else if (!b && c) failToPass += 1;
  }
  return {
    passToFail,
    failToPass,
    baselinePassRate: n ? basePasses / n : null,
    candidatePassRate: n ? candPasses / n : null,
  };
}
