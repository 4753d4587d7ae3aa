-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN "availableTools" JSONB;
ALTER TABLE "Conversation" ADD COLUMN "relevantTopics" JSONB;

-- AlterTable
ALTER TABLE "Turn" ADD COLUMN "expectedTools" JSONB;
