import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';

describe('breadcrumbs', () => {
  it('separate the crumbs, never end in a separator, and mark the page itself', () => {
    const html = renderToStaticMarkup(createElement(Breadcrumbs, { items: [{ label: 'Datasets', href: '/datasets' }, { label: 'Support FAQ' }] }));
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toBe('Datasets/Support FAQ');
    expect(html).toContain('href="/datasets"');
    expect(html).toMatch(/<span aria-current="page"[^>]*>Support FAQ<\/span>/);
  });
});
