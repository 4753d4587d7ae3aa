-- AlterTable
ALTER TABLE "JudgeConnection" ADD COLUMN     "isDefault" BOOLEAN NOT NULL DEFAULT false;
