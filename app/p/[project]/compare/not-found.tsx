import { NoticePage } from '@/components/ui/notice-page';

export default function CompareNotFound() {
  return (
    <NoticePage code="404" title="A run in this comparison does not exist" links={[{ href: '/compare', label: 'Pick runs to compare' }, { href: '/runs', label: 'All runs' }]}>
      The baseline or one of the runs compared with it may have been deleted with its dataset.
    </NoticePage>
  );
}
