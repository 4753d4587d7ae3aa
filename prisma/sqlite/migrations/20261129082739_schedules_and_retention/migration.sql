-- AlterTable
ALTER TABLE "LiveDataset" ADD COLUMN "keepConversationsDays" INTEGER;
ALTER TABLE "LiveDataset" ADD COLUMN "keepOnlineRunsDays" INTEGER;
ALTER TABLE "LiveDataset" ADD COLUMN "keepOtlpDays" INTEGER;
ALTER TABLE "LiveDataset" ADD COLUMN "keepReplayOutputsDays" INTEGER;

-- CreateTable
CREATE TABLE "OtlpBatchService" (
    "batchId" TEXT NOT NULL,
    "service" TEXT NOT NULL,

    PRIMARY KEY ("service", "batchId"),
    CONSTRAINT "OtlpBatchService_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "OtlpBatch" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Schedule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "cron" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "nextDueAt" DATETIME,
    "createdById" TEXT,
    "createdBy" TEXT NOT NULL,
    "savedVia" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ScheduleRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "scheduleId" TEXT NOT NULL,
    "dueAt" DATETIME NOT NULL,
    "trigger" TEXT NOT NULL,
    "replayId" TEXT,
    "runId" TEXT,
    "previousRunId" TEXT,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ScheduleRun_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "OtlpBatchService_batchId_idx" ON "OtlpBatchService"("batchId");

-- CreateIndex
CREATE UNIQUE INDEX "Schedule_name_key" ON "Schedule"("name");

-- CreateIndex
CREATE INDEX "Schedule_enabled_nextDueAt_idx" ON "Schedule"("enabled", "nextDueAt");

-- CreateIndex
CREATE INDEX "ScheduleRun_scheduleId_createdAt_idx" ON "ScheduleRun"("scheduleId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ScheduleRun_scheduleId_dueAt_key" ON "ScheduleRun"("scheduleId", "dueAt");

-- CreateIndex
CREATE INDEX "OnlineScore_liveDatasetId_createdAt_idx" ON "OnlineScore"("liveDatasetId", "createdAt");
