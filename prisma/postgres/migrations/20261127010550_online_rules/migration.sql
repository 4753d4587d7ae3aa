-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "lastActivityAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "onlineDay" TEXT,
ADD COLUMN     "onlineRuleId" TEXT;

-- AlterTable
ALTER TABLE "OtelLlmCall" ADD COLUMN     "labels" JSONB;

-- CreateTable
CREATE TABLE "OnlineRule" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "datasetIds" JSONB NOT NULL,
    "metrics" JSONB NOT NULL,
    "judge" JSONB NOT NULL,
    "sampleRate" DOUBLE PRECISION NOT NULL DEFAULT 100,
    "idleMinutes" INTEGER NOT NULL DEFAULT 5,
    "dailyCapUsd" DOUBLE PRECISION,
    "versionAttribute" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "capReachedOn" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "scannedUntil" TIMESTAMP(3),
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OnlineRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OnlineScore" (
    "id" TEXT NOT NULL,
    "ruleId" TEXT NOT NULL,
    "liveDatasetId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "turnCount" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "supersededAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OnlineScore_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OnlineRule_name_key" ON "OnlineRule"("name");

-- CreateIndex
CREATE INDEX "OnlineScore_ruleId_day_idx" ON "OnlineScore"("ruleId", "day");

-- CreateIndex
CREATE INDEX "OnlineScore_ruleId_liveDatasetId_externalId_idx" ON "OnlineScore"("ruleId", "liveDatasetId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "OnlineScore_ruleId_liveDatasetId_externalId_turnCount_key" ON "OnlineScore"("ruleId", "liveDatasetId", "externalId", "turnCount");

-- CreateIndex
CREATE INDEX "Conversation_datasetId_lastActivityAt_idx" ON "Conversation"("datasetId", "lastActivityAt");

-- CreateIndex
CREATE INDEX "Dataset_onlineRuleId_onlineDay_idx" ON "Dataset"("onlineRuleId", "onlineDay");

-- AddForeignKey
ALTER TABLE "OnlineScore" ADD CONSTRAINT "OnlineScore_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "OnlineRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;
