import { NoticePage } from '@/components/ui/notice-page';

export default function NewScheduleNotFound() {
  return (
    <NoticePage code="404" title="No such dataset" links={[{ href: '/schedules/new', label: 'Choose a dataset' }, { href: '/datasets', label: 'Datasets' }]}>
      The dataset to schedule may have been deleted.
    </NoticePage>
  );
}
