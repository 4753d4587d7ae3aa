import Link from '@/components/ui/project-link';
import { buttonClass } from '@/components/ui/button';

/** "New run" and "New dataset", where a newcomer lands (Home, Runs); only for those who may create them. */
export function NewActions({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link href="/datasets/new" className={buttonClass('secondary')}>
        New dataset
      </Link>
      <Link href="/runs/new" className={buttonClass('primary')}>
        New run
      </Link>
    </div>
  );
}
