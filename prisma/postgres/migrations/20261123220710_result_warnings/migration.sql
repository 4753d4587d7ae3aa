-- AlterTable
ALTER TABLE "Result" ADD COLUMN     "warnings" JSONB;
