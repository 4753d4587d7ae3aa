import { NoticePage } from '@/components/ui/notice-page';

export default function OnlineRuleNotFound() {
  return (
    <NoticePage code="404" title="No such rule" links={[{ href: '/online', label: 'Online evaluation' }, { href: '/datasets', label: 'Datasets' }]}>
      This online evaluation rule may have been deleted.
    </NoticePage>
  );
}
