-- AlterTable
ALTER TABLE "Turn" ADD COLUMN     "sourceTurnId" TEXT;

-- CreateTable
CREATE TABLE "Replay" (
    "id" TEXT NOT NULL,
    "sourceDatasetId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "targetKind" TEXT NOT NULL,
    "target" JSONB NOT NULL,
    "parameters" JSONB NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "judge" JSONB,
    "evaluate" JSONB,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "totalItems" INTEGER NOT NULL DEFAULT 0,
    "doneItems" INTEGER NOT NULL DEFAULT 0,
    "errorItems" INTEGER NOT NULL DEFAULT 0,
    "offScript" INTEGER NOT NULL DEFAULT 0,
    "targetCalls" INTEGER NOT NULL DEFAULT 0,
    "judgeCalls" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "error" TEXT,
    "datasetId" TEXT,
    "runId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "workerId" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdById" TEXT,

    CONSTRAINT "Replay_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReplayTurn" (
    "id" TEXT NOT NULL,
    "replayId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "turnIndex" INTEGER NOT NULL,
    "sourceTurnId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "content" TEXT,
    "retrievalContext" JSONB,
    "toolsCalled" JSONB,
    "state" JSONB,
    "nextFits" BOOLEAN,
    "fitReason" TEXT,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReplayTurn_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Replay_status_idx" ON "Replay"("status");

-- CreateIndex
CREATE INDEX "Replay_createdAt_idx" ON "Replay"("createdAt");

-- CreateIndex
CREATE INDEX "Replay_sourceDatasetId_idx" ON "Replay"("sourceDatasetId");

-- CreateIndex
CREATE INDEX "ReplayTurn_replayId_status_idx" ON "ReplayTurn"("replayId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "ReplayTurn_replayId_position_turnIndex_key" ON "ReplayTurn"("replayId", "position", "turnIndex");

-- AddForeignKey
ALTER TABLE "Replay" ADD CONSTRAINT "Replay_sourceDatasetId_fkey" FOREIGN KEY ("sourceDatasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Replay" ADD CONSTRAINT "Replay_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Replay" ADD CONSTRAINT "Replay_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReplayTurn" ADD CONSTRAINT "ReplayTurn_replayId_fkey" FOREIGN KEY ("replayId") REFERENCES "Replay"("id") ON DELETE CASCADE ON UPDATE CASCADE;
