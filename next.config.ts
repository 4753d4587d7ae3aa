import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Database drivers and the judge client stay as plain Node modules on the server.
  serverExternalPackages: ['@libsql/client', 'libsql', '@prisma/adapter-libsql', '@prisma/adapter-pg', 'pg', 'pg-boss', '@prisma/schema-engine-wasm'],
  poweredByHeader: false,
};

export default nextConfig;
