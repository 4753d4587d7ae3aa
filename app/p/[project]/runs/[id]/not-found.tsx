import { NoticePage } from '@/components/ui/notice-page';

export default function RunNotFound() {
  return (
    <NoticePage code="404" title="No such run or conversation" links={[{ href: '/runs', label: 'All runs' }]}>
      The run may have been deleted with its dataset, or the conversation is not part of the dataset it scored.
    </NoticePage>
  );
}
