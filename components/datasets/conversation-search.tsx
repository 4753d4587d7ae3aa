import Form from 'next/form';
import Link from '@/components/ui/project-link';
import { buttonClass } from '@/components/ui/button';
import type { ConversationQuery } from '@/lib/domain/conversation-query';

/** Search box for the conversation list; a GET form, so the query lives in the URL. */
export function ConversationSearch({ datasetId, query }: { datasetId: string; query: ConversationQuery }) {
  return (
    // Keyed by the query so that Clear (a link) also empties the box.
    <Form key={query.q} action={`/datasets/${datasetId}`} className="flex flex-wrap items-center gap-2" role="search">
      <input
        type="search"
        name="q"
        defaultValue={query.q}
        aria-label="Search conversations"
        placeholder="Search names and every turn's text"
        className="w-72 max-w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm"
      />
      {query.sort !== 'position' ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir !== 'asc' ? <input type="hidden" name="dir" value={query.dir} /> : null}
      <button type="submit" className={buttonClass('secondary')}>
        Search
      </button>
      {query.q ? (
        <Link href={`/datasets/${datasetId}`} className="text-sm text-slate-600 hover:underline">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
