-- AlterTable
ALTER TABLE "OnlineRule" ADD COLUMN "dailyCapCalls" INTEGER;
ALTER TABLE "OnlineRule" ADD COLUMN "dailyCapTokens" INTEGER;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_OnlineScore" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ruleId" TEXT NOT NULL,
    "liveDatasetId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "turnCount" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "costUsd" REAL NOT NULL DEFAULT 0,
    "judgeCalls" INTEGER NOT NULL DEFAULT 0,
    "tokens" INTEGER NOT NULL DEFAULT 0,
    "supersededAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OnlineScore_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "OnlineRule" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_OnlineScore" ("conversationId", "costUsd", "createdAt", "day", "externalId", "id", "liveDatasetId", "ruleId", "runId", "supersededAt", "turnCount") SELECT "conversationId", "costUsd", "createdAt", "day", "externalId", "id", "liveDatasetId", "ruleId", "runId", "supersededAt", "turnCount" FROM "OnlineScore";
DROP TABLE "OnlineScore";
ALTER TABLE "new_OnlineScore" RENAME TO "OnlineScore";
CREATE INDEX "OnlineScore_ruleId_day_idx" ON "OnlineScore"("ruleId", "day");
CREATE INDEX "OnlineScore_ruleId_liveDatasetId_externalId_idx" ON "OnlineScore"("ruleId", "liveDatasetId", "externalId");
CREATE UNIQUE INDEX "OnlineScore_ruleId_liveDatasetId_externalId_turnCount_key" ON "OnlineScore"("ruleId", "liveDatasetId", "externalId", "turnCount");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
