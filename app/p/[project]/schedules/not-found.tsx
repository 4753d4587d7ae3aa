import { NoticePage } from '@/components/ui/notice-page';

export default function ScheduleNotFound() {
  return (
    <NoticePage code="404" title="No such schedule" links={[{ href: '/schedules', label: 'Schedules' }, { href: '/datasets', label: 'Datasets' }]}>
      This schedule may have been deleted.
    </NoticePage>
  );
}
