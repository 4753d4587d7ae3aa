import { NoticePage } from '@/components/ui/notice-page';

export default function ReplayNotFound() {
  return (
    <NoticePage code="404" title="No such replay" links={[{ href: '/replays', label: 'All replays' }]}>
      The replay may have been deleted with the dataset it read.
    </NoticePage>
  );
}
