import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isProjectPagePath, PROJECT_SECTIONS, projectOfPath, projectPath } from './project-path';

describe('project paths', () => {
  it('keeps the short URLs for the project "default" and prefixes the others', () => {
    expect(projectPath('default', '/runs/r1?tab=x#a')).toBe('/runs/r1?tab=x#a');
    expect(projectPath('sales', '/runs/r1?tab=x#a')).toBe('/p/sales/runs/r1?tab=x#a');
    expect(projectPath('sales', '/')).toBe('/p/sales');
    expect(projectPath('sales', '/?x=1')).toBe('/p/sales?x=1');
  });

  it('names the project of a dashboard route in its query, and leaves other links alone', () => {
    expect(projectPath('sales', '/api/runs/r1/export?format=csv')).toBe('/api/runs/r1/export?format=csv&project=sales');
    expect(projectPath('sales', '/api/datasets/import')).toBe('/api/datasets/import?project=sales');
    expect(projectPath('default', '/api/datasets/import')).toBe('/api/datasets/import');
    for (const href of ['/admin/users', '/sign-in', '?turn=3#turn-3', '#x', 'https://example.com/runs', '//evil.example/runs']) {
      expect(projectPath('sales', href)).toBe(href);
    }
  });

  it('reads the project of a page path', () => {
    expect(projectOfPath('/runs/r1')).toEqual({ slug: 'default', path: '/runs/r1' });
    expect(projectOfPath('/')).toEqual({ slug: 'default', path: '/' });
    expect(projectOfPath('/p/sales')).toEqual({ slug: 'sales', path: '/' });
    expect(projectOfPath('/p/sales/datasets/d1')).toEqual({ slug: 'sales', path: '/datasets/d1' });
    expect(projectOfPath('/p/Bad_Slug/runs')).toBeNull();
    expect(projectOfPath('/admin/users')).toBeNull();
    expect(isProjectPagePath('/runsx')).toBe(false);
  });

  it('knows every section of app/p/[project]: a page left out would lose its project in links and at its short URL', () => {
    const dir = path.resolve(import.meta.dirname, '../../app/p/[project]');
    const sections = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect([...PROJECT_SECTIONS].sort()).toEqual(sections.sort());
  });
});
