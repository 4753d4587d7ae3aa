-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "datasetId" TEXT NOT NULL,
    "modelVersion" TEXT,
    "judgeKind" TEXT NOT NULL,
    "judgeName" TEXT,
    "judgeModel" TEXT NOT NULL,
    "metricSettings" JSONB NOT NULL,
    "concurrency" INTEGER NOT NULL DEFAULT 8,
    "samples" INTEGER NOT NULL DEFAULT 1,
    "temperature" REAL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "totalItems" INTEGER NOT NULL DEFAULT 0,
    "doneItems" INTEGER NOT NULL DEFAULT 0,
    "errorItems" INTEGER NOT NULL DEFAULT 0,
    "judgeCalls" INTEGER NOT NULL DEFAULT 0,
    "judgeCallsSent" INTEGER NOT NULL DEFAULT 0,
    "cacheHits" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" REAL NOT NULL DEFAULT 0,
    "error" TEXT,
    "summary" JSONB,
    "scoreStats" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "workerId" TEXT,
    "leaseUntil" DATETIME,
    "createdById" TEXT,
    "rateLimitRefusals" INTEGER NOT NULL DEFAULT 0,
    "rateLimitedSince" DATETIME,
    "judgeCallsInFlight" INTEGER NOT NULL DEFAULT 0,
    "judgeTokensSent" INTEGER NOT NULL DEFAULT 0,
    "judgeCostSent" REAL NOT NULL DEFAULT 0,
    "rateLimitRpm" INTEGER,
    CONSTRAINT "Run_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Run_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Run" ("cacheHits", "completionTokens", "concurrency", "costUsd", "createdAt", "createdById", "datasetId", "doneItems", "error", "errorItems", "finishedAt", "id", "judgeCalls", "judgeCallsSent", "judgeKind", "judgeModel", "judgeName", "leaseUntil", "metricSettings", "modelVersion", "promptTokens", "rateLimitRefusals", "rateLimitedSince", "samples", "scoreStats", "startedAt", "status", "summary", "temperature", "totalItems", "workerId") SELECT "cacheHits", "completionTokens", "concurrency", "costUsd", "createdAt", "createdById", "datasetId", "doneItems", "error", "errorItems", "finishedAt", "id", "judgeCalls", "judgeCallsSent", "judgeKind", "judgeModel", "judgeName", "leaseUntil", "metricSettings", "modelVersion", "promptTokens", "rateLimitRefusals", "rateLimitedSince", "samples", "scoreStats", "startedAt", "status", "summary", "temperature", "totalItems", "workerId" FROM "Run";
DROP TABLE "Run";
ALTER TABLE "new_Run" RENAME TO "Run";
CREATE INDEX "Run_datasetId_createdAt_idx" ON "Run"("datasetId", "createdAt");
CREATE INDEX "Run_status_idx" ON "Run"("status");
CREATE INDEX "Run_createdAt_idx" ON "Run"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
