-- AlterTable
ALTER TABLE "JudgeConnection" ADD COLUMN "rpm" INTEGER;
ALTER TABLE "JudgeConnection" ADD COLUMN "tpm" INTEGER;
