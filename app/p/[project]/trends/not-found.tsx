import { NoticePage } from '@/components/ui/notice-page';

export default function TrendNotFound() {
  return (
    <NoticePage code="404" title="No such dataset" links={[{ href: '/trends', label: 'All trends' }, { href: '/datasets', label: 'Datasets' }]}>
      Trends follow the runs of one dataset; this one may have been deleted.
    </NoticePage>
  );
}
