-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN "redactions" JSONB;

-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN "piiRedaction" JSONB;

-- AlterTable
ALTER TABLE "OtelLlmCall" ADD COLUMN "assistantRedactions" JSONB;
ALTER TABLE "OtelLlmCall" ADD COLUMN "toolRedactions" JSONB;
ALTER TABLE "OtelLlmCall" ADD COLUMN "userRedactions" JSONB;

-- AlterTable
ALTER TABLE "OtelTrace" ADD COLUMN "retrievedRedactions" JSONB;

-- CreateTable
CREATE TABLE "RedactionPattern" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "pattern" TEXT NOT NULL,
    "createdBy" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "RedactionPattern_name_key" ON "RedactionPattern"("name");
