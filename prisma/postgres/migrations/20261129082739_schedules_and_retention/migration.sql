-- AlterTable
ALTER TABLE "LiveDataset" ADD COLUMN     "keepConversationsDays" INTEGER,
ADD COLUMN     "keepOnlineRunsDays" INTEGER,
ADD COLUMN     "keepOtlpDays" INTEGER,
ADD COLUMN     "keepReplayOutputsDays" INTEGER;

-- CreateTable
CREATE TABLE "OtlpBatchService" (
    "batchId" TEXT NOT NULL,
    "service" TEXT NOT NULL,

    CONSTRAINT "OtlpBatchService_pkey" PRIMARY KEY ("service","batchId")
);

-- CreateTable
CREATE TABLE "Schedule" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "cron" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "nextDueAt" TIMESTAMP(3),
    "createdById" TEXT,
    "createdBy" TEXT NOT NULL,
    "savedVia" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Schedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScheduleRun" (
    "id" TEXT NOT NULL,
    "scheduleId" TEXT NOT NULL,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "trigger" TEXT NOT NULL,
    "replayId" TEXT,
    "runId" TEXT,
    "previousRunId" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ScheduleRun_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "OtlpBatchService" ADD CONSTRAINT "OtlpBatchService_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "OtlpBatch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleRun" ADD CONSTRAINT "ScheduleRun_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;
