-- AlterTable
ALTER TABLE "JudgeCache" ADD COLUMN "logprobs" JSONB;
