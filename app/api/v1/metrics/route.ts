import { createCustomMetricResponse, listCustomMetricsResponse } from '@/lib/api/custom-metrics';
import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function POST(request: Request) {
  return withApi(request, (principal) => createCustomMetricResponse(getDb(), request, principal, process.env));
}

export async function GET(request: Request) {
  return withApi(request, (principal) => listCustomMetricsResponse(getDb(), principal.project.id));
}

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
