-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN "applicableCounts" JSONB;
