import 'dotenv/config';
import { defineConfig } from 'prisma/config';
import { DEFAULT_DATABASE_URL, providerOf } from './lib/db/url';

// Prisma 7 reads no .env by itself (dotenv above does). The schema folder follows the
// database: prisma/postgres for postgres(ql):// URLs, prisma/sqlite otherwise.
const url = process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
const folder = `prisma/${providerOf(url)}`;

export default defineConfig({
  schema: `${folder}/schema.prisma`,
  migrations: { path: `${folder}/migrations` },
  datasource: { url },
});
