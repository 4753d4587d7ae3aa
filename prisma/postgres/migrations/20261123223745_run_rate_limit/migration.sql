-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "rateLimitRefusals" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rateLimitedSince" TIMESTAMP(3);
