import { NoticePage } from '@/components/ui/notice-page';

export default function MetricNotFound() {
  return (
    <NoticePage code="404" title="No such metric" links={[{ href: '/metrics', label: 'All metrics' }, { href: '/metrics/new', label: 'New metric' }]}>
      There is no custom metric by this name; built-in metrics have no page here.
    </NoticePage>
  );
}
