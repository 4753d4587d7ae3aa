import type { JudgeInfo } from '@/lib/judge/config';

/** Under a judge select: what the chosen judge can and cannot see (the offline judge's rules), or nothing for an LLM. */
export function JudgeScope({ judge, id }: { judge: Pick<JudgeInfo, 'scope'>; id?: string }) {
  if (!judge.scope) return null;
  return (
    <p id={id} className="mt-1 text-xs text-slate-600" data-testid="judge-scope">
      {judge.scope}
    </p>
  );
}
