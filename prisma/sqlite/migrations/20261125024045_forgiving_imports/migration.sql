-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN "skippedLines" JSONB;

-- CreateTable
CREATE TABLE "CsvMappingMemory" (
    "signature" TEXT NOT NULL PRIMARY KEY,
    "headers" JSONB NOT NULL,
    "mapping" JSONB NOT NULL,
    "roleValues" JSONB,
    "updatedAt" DATETIME NOT NULL
);
