-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "availableTools" JSONB,
ADD COLUMN     "relevantTopics" JSONB;

-- AlterTable
ALTER TABLE "Turn" ADD COLUMN     "expectedTools" JSONB;
