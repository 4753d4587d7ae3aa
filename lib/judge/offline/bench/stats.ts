export interface BinaryStats {
  n: number;
  faithful: number;
  unfaithful: number;
  accuracy: number;
  balancedAccuracy: number;
  /** Recall of the faithful class (true negatives of hallucination detection). */
  faithfulRecall: number;
  /** Recall of the unfaithful class: hallucinations caught. */
  unfaithfulRecall: number;
}

/** Accuracy figures of predictions against labels (true = faithful). */
export function binaryStats(labels: readonly boolean[], predictions: readonly boolean[]): BinaryStats {
  let tp = 0;
  let tn = 0;
  let pos = 0;
  labels.forEach((label, i) => {
    if (label) {
      pos += 1;
      if (predictions[i]) tp += 1;
    } else if (!predictions[i]) tn += 1;
  });
  const neg = labels.length - pos;
  const faithfulRecall = pos ? tp / pos : 0;
  const unfaithfulRecall = neg ? tn / neg : 0;
  return {
    n: labels.length,
    faithful: pos,
    unfaithful: neg,
    accuracy: labels.length ? (tp + tn) / labels.length : 0,
    balancedAccuracy: (faithfulRecall + unfaithfulRecall) / 2,
    faithfulRecall,
    unfaithfulRecall,
  };
}
