import { withCall, type Judge } from './types';

/**
 * The judge asked for one of several samples of every request: at the given temperature, and
 * cached apart from the other samples (the sample index is part of the cache key), so a second
 * sample is a new answer, not the first one read back.
 */
export function withSampling(judge: Judge, sampling: { index: number; temperature: number }): Judge {
  return withCall(judge, (request) => judge.call({ ...request, sampling }));
}
