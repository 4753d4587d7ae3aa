// Only `prisma dev` imports this package, and Turnwise does not use it: see package.json.
export async function startLocalDurableStreamsServer() {
  throw new Error('`prisma dev` is not available in Turnwise: @prisma/streams-local (Node 22 only) is replaced by a stub (package.json "overrides").');
}
