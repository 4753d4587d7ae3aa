-- AlterTable
ALTER TABLE "OtelLlmCall" ADD COLUMN "responseId" TEXT;

-- CreateTable
CREATE TABLE "RunEvalExport" (
    "runId" TEXT NOT NULL PRIMARY KEY,
    "events" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "endpoint" TEXT NOT NULL,
    "exportedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
