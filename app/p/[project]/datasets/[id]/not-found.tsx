import { NoticePage } from '@/components/ui/notice-page';

export default function DatasetNotFound() {
  return (
    <NoticePage code="404" title="No such dataset or conversation" links={[{ href: '/datasets', label: 'All datasets' }, { href: '/datasets/new', label: 'Import a dataset' }]}>
      The dataset may have been deleted, or the conversation is not part of it.
    </NoticePage>
  );
}
