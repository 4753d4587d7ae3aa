-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "leaseUntil" TIMESTAMP(3),
ADD COLUMN     "workerId" TEXT;
