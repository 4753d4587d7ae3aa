import { deleteAlertResponse, getAlertResponse, updateAlertResponse } from '@/lib/api/alerts';
import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

type Ctx = { params: Promise<{ id: string }> };

export async function GET(request: Request, ctx: Ctx) {
  return withApi(request, async (principal) => getAlertResponse(getDb(), principal.project.id, (await ctx.params).id));
}

export async function PATCH(request: Request, ctx: Ctx) {
  return withApi(request, async (principal) => updateAlertResponse(getDb(), principal, (await ctx.params).id, request, process.env));
}

export async function DELETE(request: Request, ctx: Ctx) {
  return withApi(request, async (principal) => deleteAlertResponse(getDb(), principal, (await ctx.params).id));
}

export const { POST, PUT } = otherMethods('GET', 'PATCH', 'DELETE');
