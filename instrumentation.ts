/** Runs once when the server starts: migrate the database, then seed the demo on an empty one. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServerServices } = await import('./lib/server/start-server-services');
  await startServerServices();
}
