-- AlterTable
ALTER TABLE "JudgeConnection" ADD COLUMN     "rpm" INTEGER,
ADD COLUMN     "tpm" INTEGER;
