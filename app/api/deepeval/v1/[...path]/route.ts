import { unservedDeepevalRoute } from '@/lib/deepeval/http/unserved-route';

export const GET = unservedDeepevalRoute;
export const POST = unservedDeepevalRoute;
export const PUT = unservedDeepevalRoute;
export const PATCH = unservedDeepevalRoute;
export const DELETE = unservedDeepevalRoute;
