-- CreateTable
CREATE TABLE "ReplaySample" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "replayId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "turnIndex" INTEGER NOT NULL,
    "sample" INTEGER NOT NULL,
    "content" TEXT,
    "error" TEXT,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" REAL NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReplaySample_replayId_fkey" FOREIGN KEY ("replayId") REFERENCES "Replay" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ReplaySample_replayId_position_turnIndex_sample_key" ON "ReplaySample"("replayId", "position", "turnIndex", "sample");
