import type { NextConfig } from 'next';
import { securityHeaders } from './lib/security-headers';

const nextConfig: NextConfig = {
  // Database drivers, the judge client, the OTLP exporter of evaluation results and the receiver's Status encoder stay as plain Node modules on the server.
  serverExternalPackages: ['@libsql/client', 'libsql', '@prisma/adapter-libsql', '@prisma/adapter-pg', 'pg', 'pg-boss', '@opentelemetry/sdk-logs', '@opentelemetry/exporter-logs-otlp-proto', 'protobufjs'],
  poweredByHeader: false,
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders(process.env.NODE_ENV === 'development') }];
  },
  // The app's own sources only; tests and scripts are checked by `npm run typecheck`. CI runs
  // that first over everything, then builds for the browser tests without checking again.
  // A build on a fresh checkout (CI) gains nothing from writing Turbopack's cache for the next one.
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== 'true' },
  typescript: { tsconfigPath: 'tsconfig.app.json', ignoreBuildErrors: process.env.TURNWISE_TYPECHECKED === '1' },
};

export default nextConfig;
