-- CreateTable
CREATE TABLE "RunScoreVector" (
    "runId" TEXT NOT NULL PRIMARY KEY,
    "runFinishedAt" DATETIME NOT NULL,
    "stats" JSONB NOT NULL,
    "metrics" JSONB NOT NULL,
    "size" INTEGER NOT NULL,
    "keys" TEXT NOT NULL,
    "conversationIds" TEXT NOT NULL,
    "scores" BLOB NOT NULL,
    "outcomes" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RunScoreVector_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
