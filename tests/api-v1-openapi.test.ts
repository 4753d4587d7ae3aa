import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/api/openapi';
import { RUN_STATUSES } from '@/lib/domain/run-progress';

/* The OpenAPI document covers every /api/v1 route and method, with the inputs the routes parse. */

const V1 = path.resolve(import.meta.dirname, '..', 'app', 'api', 'v1');

/** "runs/[id]/cancel/route.ts" exporting POST → ["/runs/{id}/cancel", "post"]. */
function routeOperations(dir = V1): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeOperations(full);
    if (entry.name !== 'route.ts') return [];
    const route = `/${path.relative(V1, dir).split(path.sep).join('/')}`.replace(/\[(\w+)\]/g, '{$1}');
    const methods = [...readFileSync(full, 'utf8').matchAll(/export async function (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1].toLowerCase());
    return methods.map((method) => [route, method] as [string, string]);
  });
}

/** Every route.ts under app/api/v1, as paths from V1 ("runs/[id]/cancel/route.ts"). */
const routeFiles = (): string[] =>
  (readdirSync(V1, { recursive: true }) as string[]).filter((file) => path.basename(file) === 'route.ts').map((file) => file.split(path.sep).join('/'));

type Operation = { parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[]; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } };
const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };

describe('GET /api/v1/openapi.json', () => {
  it('documents every route file under app/api/v1 with each method it exports', () => {
    const operations = routeOperations();
    expect(operations.length).toBeGreaterThanOrEqual(11);
    for (const [route, method] of operations) expect(doc.paths[route]?.[method], `${method.toUpperCase()} ${route}`).toBeDefined();
    const documented = Object.entries(doc.paths).flatMap(([route, ops]) => Object.keys(ops).map((method) => `${method} ${route}`));
    expect(documented.sort()).toEqual(operations.map(([route, method]) => `${method} ${route}`).sort());
  });

  it('carries the inputs the routes parse: run body, list filters, pages, bearer keys', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toHaveProperty('bearer');
    const body = doc.paths['/runs'].post.requestBody!.content['application/json'].schema as { required: string[]; properties: Record<string, unknown> };
    expect(body.required).toEqual(expect.arrayContaining(['datasetId', 'metrics']));
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['datasetId', 'metrics', 'judge', 'concurrency', 'modelVersion']));
    const status = doc.paths['/runs'].get.parameters!.find((p) => p.name === 'status');
    expect(status).toMatchObject({ in: 'query', required: false, schema: { enum: [...RUN_STATUSES] } });
    expect(doc.paths['/runs/{id}/results'].get.parameters!.map((p) => p.name)).toEqual(['id', 'page', 'pageSize']);
    expect(doc.paths['/compare'].get.parameters!.filter((p) => p.required).map((p) => p.name)).toEqual(['baseline', 'candidate']);
    const upload = doc.paths['/datasets'].post.requestBody!.content['multipart/form-data'].schema as { required: string[]; properties: Record<string, unknown> };
    expect(upload.required).toEqual(['file']);
    expect(Object.keys(upload.properties)).toEqual(expect.arrayContaining(['name', 'modelVersion', 'format', 'csvMapping', 'file']));
    // The conversational fields a file may carry, and the CSV fields a mapping may name for them.
    const file = upload.properties.file as { description: string };
    for (const field of ['relevant_topics', 'available_tools', 'expected_tools', 'chatbot_role']) expect(file.description).toContain(field);
    expect(JSON.stringify(upload.properties.csvMapping)).toMatch(/"relevantTopics".*"availableTools"/);
  });

  it('is served as JSON', async () => {
    const saved = process.env.TURNWISE_AUTH;
    process.env.TURNWISE_AUTH = 'off';
    try {
      const { GET } = await import('../app/api/v1/openapi.json/route');
      const response = await GET(new Request('http://localhost/api/v1/openapi.json'));
      expect(response.status).toBe(200);
      expect(((await response.json()) as { paths: object }).paths).toHaveProperty('/runs/{id}/cancel');
    } finally {
      if (saved === undefined) delete process.env.TURNWISE_AUTH;
      else process.env.TURNWISE_AUTH = saved;
    }
  });

  it('answers a method a route does not serve with the API error and Allow, on every route', async () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const file of files) {
      const route = (await import(path.join(V1, file))) as Record<string, ((request: Request) => Promise<Response>) | undefined>;
      const served = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((method) => readFileSync(path.join(V1, file), 'utf8').includes(`export async function ${method}(`));
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !served.includes(m))) {
        const handler = route[method];
        expect(handler, `${method} ${file}`).toBeTypeOf('function');
        const response = await handler!(new Request('http://localhost/api/v1/x', { method, ...(method === 'GET' ? {} : { body: '{}' }) }));
        expect(response.status, `${method} ${file}`).toBe(405);
        expect(response.headers.get('allow')).toBe(served.join(', '));
        expect(await response.json()).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: `${method} is not served here; use ${served.join(', ')}` } });
      }
    }
  });
});
