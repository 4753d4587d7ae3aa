/** One message of the history a target is asked to continue. */
export interface TargetMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface TargetTurnRequest {
  /** The conversation's external id, else its match key ("name:…", "scenario:…", "first:…"). */
  conversationId: string;
  /** The index of the assistant turn to produce (0-based, as stored). */
  turn: number;
  /** The history up to the turn: recorded (teacher-forced) or with the regenerated replies (on-policy). */
  messages: TargetMessage[];
  /** What the target handed back on the conversation's previous turn (HTTP targets); null on the first. */
  state: unknown;
  signal?: AbortSignal;
}

export interface TargetReply {
  content: string;
  /** The target's own retrieval context for this turn (HTTP targets); replaces the recorded one. */
  retrievalContext?: string[];
  toolsCalled?: unknown[];
  state?: unknown;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  /** Requests it took (retries included). */
  requests: number;
}

/** Something that regenerates an assistant turn: a model behind an OpenAI-compatible endpoint, or the user's app. */
export interface ReplayTargetClient {
  readonly kind: 'openai' | 'http';
  /** "model gpt-4.1 at https://…", for errors. */
  readonly label: string;
  generate(request: TargetTurnRequest): Promise<TargetReply>;
}

/** A turn the target could not produce: the message says what and where; it is stored on the turn. */
export { RequestFailedError as TargetError } from '../../llm/request-failed-error';

/** Replies past this are refused before any parser reads them. */
export { MAX_REPLY_BYTES as MAX_TARGET_REPLY_BYTES } from '../../llm/request-failed-error';
