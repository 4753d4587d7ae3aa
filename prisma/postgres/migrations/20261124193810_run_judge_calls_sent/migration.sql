-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "judgeCallsSent" INTEGER NOT NULL DEFAULT 0;
