import { NoticePage } from '@/components/ui/notice-page';

export const metadata = { title: 'Not found' };

export default function NotFound() {
  return (
    <NoticePage code="404" title="This page does not exist" links={[{ href: '/', label: 'Home' }, { href: '/datasets', label: 'Datasets' }, { href: '/runs', label: 'Runs' }]}>
      The address may be mistyped, or what it pointed to was deleted.
    </NoticePage>
  );
}
