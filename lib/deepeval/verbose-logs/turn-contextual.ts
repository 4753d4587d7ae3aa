import { readWindowedLog, scoredWindow } from './windows';
import type { VerboseLogReader } from './types';

/**
 * deepeval's turn contextual recall, precision and relevancy: a window per unit interaction, each
 * scored from its own verdicts (sentences attributable, nodes useful, statements relevant). On
 * the reply that ends the window, deepeval's window score decides: below 1, "no".
 */
export const readTurnContextualLog: VerboseLogReader = (log, turns) => readWindowedLog(log, turns, scoredWindow);
