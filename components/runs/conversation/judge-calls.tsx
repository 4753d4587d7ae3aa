import type { JudgeCacheEntryView } from '@/lib/db/queries/conversations/list-judge-cache-entries';
import type { StoredJudgeCall } from '@/lib/conversations/result-details';

function Messages({ messages }: { messages: { role: string; content: string }[] }) {
  return (
    <ol className="space-y-1">
      {messages.map((m, i) => (
        <li key={i}>
          <p className="text-[10px] font-semibold uppercase tracking-wide text-slate-500">{m.role}</p>
          <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-[11px] text-slate-800">{m.content}</pre>
        </li>
      ))}
    </ol>
  );
}

/**
 * The judge calls behind a result, collapsed: each call record (step, tokens) with its prompt
 * and raw reply from the judge cache when the cache holds them, or the prompt the record kept
 * in verbose mode.
 */
export function JudgeCalls({
  calls,
  unreadable,
  cache,
  offline,
}: {
  calls: StoredJudgeCall[];
  unreadable: number;
  cache: Map<string, JudgeCacheEntryView>;
  offline: boolean;
}) {
  const tokens = calls.reduce((n, c) => n + c.promptTokens + c.completionTokens, 0);
  return (
    <details className="rounded-md border border-slate-200 bg-white text-sm" data-testid="judge-calls">
      <summary className="cursor-pointer px-3 py-2 text-slate-700">
        Judge calls ({calls.length}
        {calls.length ? ` · ${tokens.toLocaleString('en-US')} tokens` : ''})
      </summary>
      <div className="space-y-2 border-t border-slate-100 px-3 py-2">
        {offline ? (
          <p className="text-xs text-slate-500">
            The offline heuristic judge is not cached: only the call records (step, tokens) are stored, not its prompts or replies.
          </p>
        ) : null}
        {unreadable ? <p className="text-xs text-amber-700">{unreadable} call records could not be read.</p> : null}
        {calls.length === 0 ? <p className="text-xs text-slate-500">No judge call was needed.</p> : null}
        <ol className="space-y-1">
          {calls.map((call, i) => {
            const entry = cache.get(call.cacheKey);
            const messages = entry?.messages.length ? entry.messages : call.messages;
            return (
              <li key={`${call.cacheKey}-${i}`}>
                <details className="rounded border border-slate-100">
                  <summary className="cursor-pointer px-2 py-1 text-xs text-slate-700">
                    <span className="font-mono">{call.step}</span> · {call.promptTokens.toLocaleString('en-US')} prompt +{' '}
                    {call.completionTokens.toLocaleString('en-US')} completion tokens{call.cached ? ' · from cache' : ''}
                    {entry ? '' : messages ? ' · prompt kept (verbose mode)' : ' · prompt not stored'}
                    {call.retries?.length ? (
                      <span className="text-amber-800">
                        {' '}
                        · {call.retries.length} retr{call.retries.length === 1 ? 'y' : 'ies'}
                      </span>
                    ) : null}
                  </summary>
                  <div className="space-y-2 px-2 pb-2 text-xs">
                    <p className="break-all font-mono text-[10px] text-slate-500">cache key {call.cacheKey}</p>
                    {call.retries?.length ? (
                      <div>
                        <p className="mb-1 font-medium text-slate-600">Retries before the reply that counted</p>
                        <ol className="list-decimal space-y-0.5 pl-5 text-slate-700">
                          {call.retries.map((r) => (
                            <li key={r.attempt}>{r.cause}</li>
                          ))}
                        </ol>
                      </div>
                    ) : null}
                    {messages ? (
                      <div>
                        <p className="mb-1 font-medium text-slate-600">Prompt</p>
                        <Messages messages={messages} />
                      </div>
                    ) : (
                      <p className="text-slate-500">
                        {offline ? 'The offline judge keeps no prompt.' : 'No cache entry holds this call and the metric did not run in verbose mode, so its prompt was not kept.'}
                      </p>
                    )}
                    {entry ? (
                      <div>
                        <p className="mb-1 font-medium text-slate-600">Reply ({entry.model})</p>
                        <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-[11px] text-slate-800">{entry.raw}</pre>
                      </div>
                    ) : null}
                  </div>
                </details>
              </li>
            );
          })}
        </ol>
      </div>
    </details>
  );
}
