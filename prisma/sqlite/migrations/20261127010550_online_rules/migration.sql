-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN "lastActivityAt" DATETIME;

-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN "onlineDay" TEXT;
ALTER TABLE "Dataset" ADD COLUMN "onlineRuleId" TEXT;

-- AlterTable
ALTER TABLE "OtelLlmCall" ADD COLUMN "labels" JSONB;

-- CreateTable
CREATE TABLE "OnlineRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "datasetIds" JSONB NOT NULL,
    "metrics" JSONB NOT NULL,
    "judge" JSONB NOT NULL,
    "sampleRate" REAL NOT NULL DEFAULT 100,
    "idleMinutes" INTEGER NOT NULL DEFAULT 5,
    "dailyCapUsd" REAL,
    "versionAttribute" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "capReachedOn" TEXT,
    "leaseUntil" DATETIME,
    "scannedUntil" DATETIME,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "OnlineScore" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ruleId" TEXT NOT NULL,
    "liveDatasetId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "turnCount" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "costUsd" REAL NOT NULL DEFAULT 0,
    "supersededAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OnlineScore_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "OnlineRule" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
