import { NoticePage } from '@/components/ui/notice-page';

export default function AlertRuleNotFound() {
  return (
    <NoticePage code="404" title="No such alert rule" links={[{ href: '/alerts', label: 'Alerts' }, { href: '/runs', label: 'Runs' }]}>
      This alert rule may have been deleted.
    </NoticePage>
  );
}
