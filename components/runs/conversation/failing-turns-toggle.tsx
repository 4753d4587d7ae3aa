import Link from '@/components/ui/project-link';
import { pillClass } from '@/components/ui/pill';

/** Switches a run's conversation between every turn and the failing turns only (with the question each answered). */
export function FailingTurnsToggle({ base, failingOnly, failingTurns }: { base: string; failingOnly: boolean; failingTurns: number }) {
  return (
    <nav aria-label="Turns shown" className="flex items-center gap-1.5">
      <Link href={base} className={pillClass(!failingOnly)} aria-current={failingOnly ? undefined : 'page'}>
        All turns
      </Link>
      <Link href={`${base}?failing=1`} className={pillClass(failingOnly)} aria-current={failingOnly ? 'page' : undefined}>
        Failing turns only ({failingTurns.toLocaleString('en-US')})
      </Link>
    </nav>
  );
}
