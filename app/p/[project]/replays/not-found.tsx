import { NoticePage } from '@/components/ui/notice-page';

export default function ReplaysNotFound() {
  return (
    <NoticePage code="404" title="No such dataset" links={[{ href: '/datasets', label: 'Datasets' }, { href: '/replays', label: 'All replays' }]}>
      A replay starts from a stored dataset; this one may have been deleted.
    </NoticePage>
  );
}
