import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { ImportWizard } from '@/components/datasets/import/import-wizard';
import { requirePage } from '@/lib/auth/session';
import { loadRedactionPatterns } from '@/lib/redaction/page/load-redaction-settings';

export const metadata = { title: 'New dataset' };
export const dynamic = 'force-dynamic';

export default async function NewDatasetPage() {
  await requirePage('editor');
  const patterns = await loadRedactionPatterns();
  return (
    <div className="space-y-6">
      <div>
        <Breadcrumbs items={[{ label: 'Datasets', href: '/datasets' }, { label: 'New dataset' }]} />
        <h1 className="text-2xl font-semibold">New dataset</h1>
        <p className="mt-1 text-sm text-slate-600">The file is read in your browser first: you see what was found before anything is stored.</p>
      </div>
      <ImportWizard patterns={patterns} />
    </div>
  );
}
