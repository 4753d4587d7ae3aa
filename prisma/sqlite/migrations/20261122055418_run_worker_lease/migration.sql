-- AlterTable
ALTER TABLE "Run" ADD COLUMN "leaseUntil" DATETIME;
ALTER TABLE "Run" ADD COLUMN "workerId" TEXT;
