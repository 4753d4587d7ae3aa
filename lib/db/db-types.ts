import type { Prisma, PrismaClient } from './generated/sqlite/client';

/** The Prisma client of either provider (their model APIs are identical). */
export type Db = PrismaClient;
/** A client inside an interactive transaction. */
export type Tx = Prisma.TransactionClient;
export type DbOrTx = Db | Tx;
