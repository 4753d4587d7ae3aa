-- AlterTable
ALTER TABLE "Turn" ADD COLUMN     "labels" JSONB;
