-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "redactions" JSONB;

-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "piiRedaction" JSONB;

-- AlterTable
ALTER TABLE "OtelLlmCall" ADD COLUMN     "assistantRedactions" JSONB,
ADD COLUMN     "toolRedactions" JSONB,
ADD COLUMN     "userRedactions" JSONB;

-- AlterTable
ALTER TABLE "OtelTrace" ADD COLUMN     "retrievedRedactions" JSONB;

-- CreateTable
CREATE TABLE "RedactionPattern" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "pattern" TEXT NOT NULL,
    "createdBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RedactionPattern_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RedactionPattern_name_key" ON "RedactionPattern"("name");
