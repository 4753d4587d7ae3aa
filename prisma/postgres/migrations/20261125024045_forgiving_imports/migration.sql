-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "skippedLines" JSONB;

-- CreateTable
CREATE TABLE "CsvMappingMemory" (
    "signature" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "mapping" JSONB NOT NULL,
    "roleValues" JSONB,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CsvMappingMemory_pkey" PRIMARY KEY ("signature")
);
