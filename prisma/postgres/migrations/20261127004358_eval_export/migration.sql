-- AlterTable
ALTER TABLE "OtelLlmCall" ADD COLUMN     "responseId" TEXT;

-- CreateTable
CREATE TABLE "RunEvalExport" (
    "runId" TEXT NOT NULL,
    "events" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "endpoint" TEXT NOT NULL,
    "exportedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunEvalExport_pkey" PRIMARY KEY ("runId")
);
