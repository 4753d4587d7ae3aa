import { createOnlineRuleResponse, listOnlineRulesResponse } from '@/lib/api/online-rules';
import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function GET(request: Request) {
  return withApi(request, (principal) => listOnlineRulesResponse(getDb(), principal.project.id));
}

export async function POST(request: Request) {
  return withApi(request, (principal) => createOnlineRuleResponse(getDb(), principal, request, process.env));
}

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
