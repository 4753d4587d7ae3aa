-- CreateTable
CREATE TABLE "OtlpBatch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "signal" TEXT NOT NULL,
    "encoding" TEXT NOT NULL,
    "gzip" BOOLEAN NOT NULL DEFAULT false,
    "body" BLOB NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "processedAt" DATETIME,
    "error" TEXT
);

-- CreateTable
CREATE TABLE "OtelLlmCall" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "traceId" TEXT NOT NULL,
    "spanId" TEXT NOT NULL,
    "service" TEXT,
    "conversationId" TEXT,
    "shape" TEXT,
    "startedAt" DATETIME,
    "userText" TEXT,
    "assistantText" TEXT,
    "toolCalls" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "OtelTrace" (
    "traceId" TEXT NOT NULL PRIMARY KEY,
    "conversationId" TEXT,
    "service" TEXT,
    "retrieved" JSONB,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "LiveDataset" (
    "service" TEXT NOT NULL PRIMARY KEY,
    "datasetId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "lastFour" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'full',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    CONSTRAINT "ApiKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ApiKey" ("createdAt", "hash", "id", "lastFour", "lastUsedAt", "name", "userId") SELECT "createdAt", "hash", "id", "lastFour", "lastUsedAt", "name", "userId" FROM "ApiKey";
DROP TABLE "ApiKey";
ALTER TABLE "new_ApiKey" RENAME TO "ApiKey";
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");
CREATE INDEX "ApiKey_userId_idx" ON "ApiKey"("userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "OtlpBatch_processedAt_receivedAt_idx" ON "OtlpBatch"("processedAt", "receivedAt");

-- CreateIndex
CREATE INDEX "OtelLlmCall_traceId_idx" ON "OtelLlmCall"("traceId");

-- CreateIndex
CREATE UNIQUE INDEX "OtelLlmCall_traceId_spanId_key" ON "OtelLlmCall"("traceId", "spanId");

-- CreateIndex
CREATE INDEX "OtelTrace_conversationId_idx" ON "OtelTrace"("conversationId");

-- CreateIndex
CREATE UNIQUE INDEX "LiveDataset_datasetId_key" ON "LiveDataset"("datasetId");
