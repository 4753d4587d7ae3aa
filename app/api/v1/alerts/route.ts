import { createAlertResponse, listAlertsResponse } from '@/lib/api/alerts';
import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function GET(request: Request) {
  return withApi(request, (principal) => listAlertsResponse(getDb(), principal.project.id));
}

export async function POST(request: Request) {
  return withApi(request, (principal) => createAlertResponse(getDb(), principal, request, process.env));
}

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
