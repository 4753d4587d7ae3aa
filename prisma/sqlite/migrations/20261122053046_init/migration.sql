-- CreateTable
CREATE TABLE "Dataset" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "modelVersion" TEXT,
    "sourceFormat" TEXT NOT NULL,
    "sourceFileName" TEXT,
    "conversationCount" INTEGER NOT NULL DEFAULT 0,
    "turnCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Conversation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "datasetId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "externalId" TEXT,
    "name" TEXT,
    "scenario" TEXT,
    "expectedOutcome" TEXT,
    "chatbotRole" TEXT,
    "userDescription" TEXT,
    "context" JSONB,
    "metadata" JSONB,
    "matchKey" TEXT NOT NULL,
    "firstUserMessage" TEXT,
    "turnCount" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "Conversation_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Turn" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "conversationId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "retrievalContext" JSONB,
    "context" JSONB,
    "toolsCalled" JSONB,
    "expectedOutput" TEXT,
    "metadata" JSONB,
    CONSTRAINT "Turn_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "datasetId" TEXT NOT NULL,
    "modelVersion" TEXT,
    "judgeKind" TEXT NOT NULL,
    "judgeName" TEXT,
    "judgeModel" TEXT NOT NULL,
    "metricSettings" JSONB NOT NULL,
    "concurrency" INTEGER NOT NULL DEFAULT 8,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "totalItems" INTEGER NOT NULL DEFAULT 0,
    "doneItems" INTEGER NOT NULL DEFAULT 0,
    "errorItems" INTEGER NOT NULL DEFAULT 0,
    "judgeCalls" INTEGER NOT NULL DEFAULT 0,
    "cacheHits" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" REAL NOT NULL DEFAULT 0,
    "error" TEXT,
    "summary" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    CONSTRAINT "Run_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Result" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "score" REAL,
    "success" BOOLEAN NOT NULL,
    "threshold" REAL NOT NULL,
    "reason" TEXT,
    "error" TEXT,
    "steps" JSONB,
    "calls" JSONB,
    "judgeCalls" INTEGER NOT NULL DEFAULT 0,
    "cacheHits" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" REAL NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Result_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Result_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TurnVerdict" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "resultId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "turnIndex" INTEGER NOT NULL,
    "verdict" TEXT NOT NULL,
    "score" REAL,
    "reason" TEXT NOT NULL,
    CONSTRAINT "TurnVerdict_resultId_fkey" FOREIGN KEY ("resultId") REFERENCES "Result" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TurnVerdict_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TurnVerdict_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeCache" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "model" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "messages" JSONB NOT NULL,
    "raw" TEXT NOT NULL,
    "promptTokens" INTEGER NOT NULL,
    "completionTokens" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "Dataset_createdAt_idx" ON "Dataset"("createdAt");

-- CreateIndex
CREATE INDEX "Dataset_name_idx" ON "Dataset"("name");

-- CreateIndex
CREATE INDEX "Conversation_datasetId_matchKey_idx" ON "Conversation"("datasetId", "matchKey");

-- CreateIndex
CREATE INDEX "Conversation_datasetId_name_idx" ON "Conversation"("datasetId", "name");

-- CreateIndex
CREATE INDEX "Conversation_matchKey_idx" ON "Conversation"("matchKey");

-- CreateIndex
CREATE UNIQUE INDEX "Conversation_datasetId_position_key" ON "Conversation"("datasetId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Turn_conversationId_index_key" ON "Turn"("conversationId", "index");

-- CreateIndex
CREATE INDEX "Run_datasetId_createdAt_idx" ON "Run"("datasetId", "createdAt");

-- CreateIndex
CREATE INDEX "Run_status_idx" ON "Run"("status");

-- CreateIndex
CREATE INDEX "Run_createdAt_idx" ON "Run"("createdAt");

-- CreateIndex
CREATE INDEX "Result_runId_metric_score_idx" ON "Result"("runId", "metric", "score");

-- CreateIndex
CREATE INDEX "Result_runId_success_idx" ON "Result"("runId", "success");

-- CreateIndex
CREATE INDEX "Result_conversationId_idx" ON "Result"("conversationId");

-- CreateIndex
CREATE UNIQUE INDEX "Result_runId_conversationId_metric_key" ON "Result"("runId", "conversationId", "metric");

-- CreateIndex
CREATE INDEX "TurnVerdict_runId_conversationId_idx" ON "TurnVerdict"("runId", "conversationId");

-- CreateIndex
CREATE INDEX "TurnVerdict_conversationId_idx" ON "TurnVerdict"("conversationId");

-- CreateIndex
CREATE UNIQUE INDEX "TurnVerdict_resultId_turnIndex_key" ON "TurnVerdict"("resultId", "turnIndex");
