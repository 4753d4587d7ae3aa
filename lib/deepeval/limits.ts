/*
 * What one deepeval request, test case or log may hold beyond what any conversation may
 * (lib/domain/conversation-limits.ts: its fields, lists and tool calls, as for uploads; turns per
 * conversation and characters per turn are TURNWISE_MAX_TURNS and TURNWISE_MAX_TURN_CHARS).
 */
export const DEEPEVAL_LIMITS = {
  /** A test run body or file is read whole, so it has a ceiling of its own below the uploads' (it is never bigger than TURNWISE_MAX_UPLOAD_MB either). */
  testRunBytes: 256 * 1024 * 1024,
  /** A dataset push (goldens) is read whole too. */
  datasetBytes: 64 * 1024 * 1024,
  /** Test cases in one request, and goldens in one push. */
  casesPerRequest: 100_000,
  /** Metrics on one test case. */
  metricsPerCase: 200,
  /** Names: a test case's, a metric's, an identifier, an alias, a test file's. */
  nameChars: 500,
  /** A metric's reason and error. */
  reasonChars: 100_000,
  /** Hyperparameters of a test run. */
  hyperparameters: 200,
  /** A verbose log is read for per-turn verdicts up to this length (longer: none are read) … */
  logParseChars: 2_000_000,
  /** … and kept with the result up to this one. */
  logStoredChars: 200_000,
} as const;
