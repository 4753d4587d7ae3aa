import { syncPostgresSchema } from './derive-postgres-schema';

const changed = syncPostgresSchema(process.cwd());
console.log(changed ? 'prisma/postgres/schema.prisma updated' : 'prisma/postgres/schema.prisma is up to date');
