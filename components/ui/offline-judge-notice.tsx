import { LLM_JUDGE_HINT, LLM_JUDGE_SETUP, OFFLINE_JUDGE_NOTICE } from '@/lib/judge/offline/notice';

/** The one-line notice shown wherever the offline judge scored what the page shows. */
export function OfflineJudgeNotice({ className = '' }: { className?: string }) {
  return (
    <p role="note" className={`rounded border border-amber-200 bg-amber-50 px-2 py-1 text-xs text-amber-900 ${className}`}>
      {OFFLINE_JUDGE_NOTICE} {LLM_JUDGE_HINT}:{' '}
      <a href={LLM_JUDGE_SETUP} className="font-medium underline">
        judge connections
      </a>
      .
    </p>
  );
}
