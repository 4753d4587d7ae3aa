-- AlterTable
ALTER TABLE "AuditEvent" ADD COLUMN "projectId" TEXT;

-- CreateTable
CREATE TABLE "Project" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "Project" ("id", "slug", "name", "createdAt", "updatedAt") VALUES ('default', 'default', 'Default', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

-- CreateTable
CREATE TABLE "ProjectMember" (
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("projectId", "userId"),
    CONSTRAINT "ProjectMember_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProjectMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "lastFour" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'full',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    CONSTRAINT "ApiKey_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ApiKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ApiKey" ("projectId", "createdAt", "hash", "id", "lastFour", "lastUsedAt", "name", "scope", "userId") SELECT 'default', "createdAt", "hash", "id", "lastFour", "lastUsedAt", "name", "scope", "userId" FROM "ApiKey";
DROP TABLE "ApiKey";
ALTER TABLE "new_ApiKey" RENAME TO "ApiKey";
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");
CREATE INDEX "ApiKey_userId_idx" ON "ApiKey"("userId");
CREATE INDEX "ApiKey_projectId_idx" ON "ApiKey"("projectId");
CREATE TABLE "new_CsvMappingMemory" (
    "projectId" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "mapping" JSONB NOT NULL,
    "roleValues" JSONB,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("projectId", "signature")
);
INSERT INTO "new_CsvMappingMemory" ("projectId", "headers", "mapping", "roleValues", "signature", "updatedAt") SELECT 'default', "headers", "mapping", "roleValues", "signature", "updatedAt" FROM "CsvMappingMemory";
DROP TABLE "CsvMappingMemory";
ALTER TABLE "new_CsvMappingMemory" RENAME TO "CsvMappingMemory";
CREATE TABLE "new_CustomMetric" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "scope" TEXT NOT NULL,
    "definition" JSONB NOT NULL,
    "stepsWritten" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "ownerId" TEXT,
    CONSTRAINT "CustomMetric_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "CustomMetric_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_CustomMetric" ("projectId", "createdAt", "createdBy", "definition", "id", "name", "ownerId", "scope", "stepsWritten", "version") SELECT 'default', "createdAt", "createdBy", "definition", "id", "name", "ownerId", "scope", "stepsWritten", "version" FROM "CustomMetric";
DROP TABLE "CustomMetric";
ALTER TABLE "new_CustomMetric" RENAME TO "CustomMetric";
CREATE INDEX "CustomMetric_ownerId_idx" ON "CustomMetric"("ownerId");
CREATE UNIQUE INDEX "CustomMetric_projectId_name_version_key" ON "CustomMetric"("projectId", "name", "version");
CREATE TABLE "new_Dataset" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "modelVersion" TEXT,
    "sourceFormat" TEXT NOT NULL,
    "sourceFileName" TEXT,
    "conversationCount" INTEGER NOT NULL DEFAULT 0,
    "turnCount" INTEGER NOT NULL DEFAULT 0,
    "importing" BOOLEAN NOT NULL DEFAULT false,
    "skippedLines" JSONB,
    "applicableCounts" JSONB,
    "piiRedaction" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "createdById" TEXT,
    "onlineRuleId" TEXT,
    "onlineDay" TEXT,
    CONSTRAINT "Dataset_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Dataset_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Dataset" ("projectId", "applicableCounts", "conversationCount", "createdAt", "createdById", "description", "id", "importing", "modelVersion", "name", "onlineDay", "onlineRuleId", "piiRedaction", "skippedLines", "sourceFileName", "sourceFormat", "turnCount", "updatedAt") SELECT 'default', "applicableCounts", "conversationCount", "createdAt", "createdById", "description", "id", "importing", "modelVersion", "name", "onlineDay", "onlineRuleId", "piiRedaction", "skippedLines", "sourceFileName", "sourceFormat", "turnCount", "updatedAt" FROM "Dataset";
DROP TABLE "Dataset";
ALTER TABLE "new_Dataset" RENAME TO "Dataset";
CREATE INDEX "Dataset_projectId_createdAt_idx" ON "Dataset"("projectId", "createdAt");
CREATE INDEX "Dataset_projectId_name_idx" ON "Dataset"("projectId", "name");
CREATE INDEX "Dataset_importing_updatedAt_idx" ON "Dataset"("importing", "updatedAt");
CREATE INDEX "Dataset_onlineRuleId_onlineDay_idx" ON "Dataset"("onlineRuleId", "onlineDay");
CREATE TABLE "new_DatasetVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "alias" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "finalized" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DatasetVersion_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "DatasetVersion_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_DatasetVersion" ("projectId", "alias", "contentHash", "createdAt", "datasetId", "finalized", "id", "source", "version") SELECT 'default', "alias", "contentHash", "createdAt", "datasetId", "finalized", "id", "source", "version" FROM "DatasetVersion";
DROP TABLE "DatasetVersion";
ALTER TABLE "new_DatasetVersion" RENAME TO "DatasetVersion";
CREATE UNIQUE INDEX "DatasetVersion_datasetId_key" ON "DatasetVersion"("datasetId");
CREATE INDEX "DatasetVersion_projectId_alias_source_contentHash_idx" ON "DatasetVersion"("projectId", "alias", "source", "contentHash");
CREATE UNIQUE INDEX "DatasetVersion_projectId_alias_source_version_key" ON "DatasetVersion"("projectId", "alias", "source", "version");
CREATE TABLE "new_JudgeConnection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "keyCipher" TEXT,
    "keyLastFour" TEXT,
    "models" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "rpm" INTEGER,
    "tpm" INTEGER,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "JudgeConnection_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_JudgeConnection" ("projectId", "baseUrl", "createdAt", "id", "isDefault", "keyCipher", "keyLastFour", "models", "name", "rpm", "tpm", "updatedAt") SELECT 'default', "baseUrl", "createdAt", "id", "isDefault", "keyCipher", "keyLastFour", "models", "name", "rpm", "tpm", "updatedAt" FROM "JudgeConnection";
DROP TABLE "JudgeConnection";
ALTER TABLE "new_JudgeConnection" RENAME TO "JudgeConnection";
CREATE UNIQUE INDEX "JudgeConnection_projectId_name_key" ON "JudgeConnection"("projectId", "name");
CREATE TABLE "new_LiveDataset" (
    "projectId" TEXT NOT NULL,
    "service" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "keepOtlpDays" INTEGER,
    "keepConversationsDays" INTEGER,
    "keepOnlineRunsDays" INTEGER,
    "keepReplayOutputsDays" INTEGER,

    PRIMARY KEY ("projectId", "service"),
    CONSTRAINT "LiveDataset_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_LiveDataset" ("projectId", "createdAt", "datasetId", "service", "keepOtlpDays", "keepConversationsDays", "keepOnlineRunsDays", "keepReplayOutputsDays") SELECT 'default', "createdAt", "datasetId", "service", "keepOtlpDays", "keepConversationsDays", "keepOnlineRunsDays", "keepReplayOutputsDays" FROM "LiveDataset";
DROP TABLE "LiveDataset";
ALTER TABLE "new_LiveDataset" RENAME TO "LiveDataset";
CREATE UNIQUE INDEX "LiveDataset_datasetId_key" ON "LiveDataset"("datasetId");
CREATE TABLE "new_OnlineRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "datasetIds" JSONB NOT NULL,
    "metrics" JSONB NOT NULL,
    "judge" JSONB NOT NULL,
    "sampleRate" REAL NOT NULL DEFAULT 100,
    "idleMinutes" INTEGER NOT NULL DEFAULT 5,
    "dailyCapUsd" REAL,
    "dailyCapCalls" INTEGER,
    "dailyCapTokens" INTEGER,
    "versionAttribute" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "capReachedOn" TEXT,
    "leaseUntil" DATETIME,
    "scannedUntil" DATETIME,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "OnlineRule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_OnlineRule" ("projectId", "capReachedOn", "createdAt", "createdById", "dailyCapCalls", "dailyCapTokens", "dailyCapUsd", "datasetIds", "enabled", "id", "idleMinutes", "judge", "leaseUntil", "metrics", "name", "sampleRate", "scannedUntil", "updatedAt", "versionAttribute") SELECT 'default', "capReachedOn", "createdAt", "createdById", "dailyCapCalls", "dailyCapTokens", "dailyCapUsd", "datasetIds", "enabled", "id", "idleMinutes", "judge", "leaseUntil", "metrics", "name", "sampleRate", "scannedUntil", "updatedAt", "versionAttribute" FROM "OnlineRule";
DROP TABLE "OnlineRule";
ALTER TABLE "new_OnlineRule" RENAME TO "OnlineRule";
CREATE UNIQUE INDEX "OnlineRule_projectId_name_key" ON "OnlineRule"("projectId", "name");
CREATE TABLE "new_OtelLlmCall" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,
    "spanId" TEXT NOT NULL,
    "service" TEXT,
    "conversationId" TEXT,
    "shape" TEXT,
    "startedAt" DATETIME,
    "userText" TEXT,
    "assistantText" TEXT,
    "toolCalls" JSONB,
    "labels" JSONB,
    "responseId" TEXT,
    "userRedactions" JSONB,
    "assistantRedactions" JSONB,
    "toolRedactions" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_OtelLlmCall" ("projectId", "assistantRedactions", "assistantText", "conversationId", "createdAt", "id", "labels", "responseId", "service", "shape", "spanId", "startedAt", "toolCalls", "toolRedactions", "traceId", "updatedAt", "userRedactions", "userText") SELECT 'default', "assistantRedactions", "assistantText", "conversationId", "createdAt", "id", "labels", "responseId", "service", "shape", "spanId", "startedAt", "toolCalls", "toolRedactions", "traceId", "updatedAt", "userRedactions", "userText" FROM "OtelLlmCall";
DROP TABLE "OtelLlmCall";
ALTER TABLE "new_OtelLlmCall" RENAME TO "OtelLlmCall";
CREATE UNIQUE INDEX "OtelLlmCall_projectId_traceId_spanId_key" ON "OtelLlmCall"("projectId", "traceId", "spanId");
CREATE TABLE "new_OtelTrace" (
    "projectId" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,
    "conversationId" TEXT,
    "service" TEXT,
    "retrieved" JSONB,
    "retrievedRedactions" JSONB,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("projectId", "traceId")
);
INSERT INTO "new_OtelTrace" ("projectId", "conversationId", "retrieved", "retrievedRedactions", "service", "traceId", "updatedAt") SELECT 'default', "conversationId", "retrieved", "retrievedRedactions", "service", "traceId", "updatedAt" FROM "OtelTrace";
DROP TABLE "OtelTrace";
ALTER TABLE "new_OtelTrace" RENAME TO "OtelTrace";
CREATE INDEX "OtelTrace_projectId_conversationId_idx" ON "OtelTrace"("projectId", "conversationId");
CREATE TABLE "new_OtlpBatch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
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
INSERT INTO "new_OtlpBatch" ("projectId", "attempts", "body", "byteSize", "encoding", "error", "gzip", "id", "leaseUntil", "processedAt", "receivedAt", "signal") SELECT 'default', "attempts", "body", "byteSize", "encoding", "error", "gzip", "id", "leaseUntil", "processedAt", "receivedAt", "signal" FROM "OtlpBatch";
DROP TABLE "OtlpBatch";
ALTER TABLE "new_OtlpBatch" RENAME TO "OtlpBatch";
CREATE INDEX "OtlpBatch_processedAt_receivedAt_idx" ON "OtlpBatch"("processedAt", "receivedAt");
CREATE TABLE "new_Replay" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "sourceDatasetId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "targetKind" TEXT NOT NULL,
    "target" JSONB NOT NULL,
    "parameters" JSONB NOT NULL,
    "modelVersion" TEXT NOT NULL,
    "judge" JSONB,
    "evaluate" JSONB,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "totalItems" INTEGER NOT NULL DEFAULT 0,
    "doneItems" INTEGER NOT NULL DEFAULT 0,
    "errorItems" INTEGER NOT NULL DEFAULT 0,
    "offScript" INTEGER NOT NULL DEFAULT 0,
    "targetCalls" INTEGER NOT NULL DEFAULT 0,
    "judgeCalls" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" REAL NOT NULL DEFAULT 0,
    "error" TEXT,
    "datasetId" TEXT,
    "runId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "workerId" TEXT,
    "leaseUntil" DATETIME,
    "createdById" TEXT,
    CONSTRAINT "Replay_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Replay_sourceDatasetId_fkey" FOREIGN KEY ("sourceDatasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Replay_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Replay_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Replay" ("projectId", "completionTokens", "costUsd", "createdAt", "createdById", "datasetId", "doneItems", "error", "errorItems", "evaluate", "finishedAt", "id", "judge", "judgeCalls", "leaseUntil", "mode", "modelVersion", "offScript", "parameters", "promptTokens", "runId", "sourceDatasetId", "startedAt", "status", "target", "targetCalls", "targetKind", "totalItems", "workerId") SELECT 'default', "completionTokens", "costUsd", "createdAt", "createdById", "datasetId", "doneItems", "error", "errorItems", "evaluate", "finishedAt", "id", "judge", "judgeCalls", "leaseUntil", "mode", "modelVersion", "offScript", "parameters", "promptTokens", "runId", "sourceDatasetId", "startedAt", "status", "target", "targetCalls", "targetKind", "totalItems", "workerId" FROM "Replay";
DROP TABLE "Replay";
ALTER TABLE "new_Replay" RENAME TO "Replay";
CREATE INDEX "Replay_status_idx" ON "Replay"("status");
CREATE INDEX "Replay_projectId_createdAt_idx" ON "Replay"("projectId", "createdAt");
CREATE INDEX "Replay_sourceDatasetId_idx" ON "Replay"("sourceDatasetId");
CREATE TABLE "new_Run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
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
    "origin" TEXT,
    "parameters" JSONB,
    CONSTRAINT "Run_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Run_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Run_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Run" ("projectId", "cacheHits", "completionTokens", "concurrency", "costUsd", "createdAt", "createdById", "datasetId", "doneItems", "error", "errorItems", "finishedAt", "id", "judgeCalls", "judgeCallsInFlight", "judgeCallsSent", "judgeCostSent", "judgeKind", "judgeModel", "judgeName", "judgeTokensSent", "leaseUntil", "metricSettings", "modelVersion", "origin", "parameters", "promptTokens", "rateLimitRefusals", "rateLimitRpm", "rateLimitedSince", "samples", "scoreStats", "startedAt", "status", "summary", "temperature", "totalItems", "workerId") SELECT 'default', "cacheHits", "completionTokens", "concurrency", "costUsd", "createdAt", "createdById", "datasetId", "doneItems", "error", "errorItems", "finishedAt", "id", "judgeCalls", "judgeCallsInFlight", "judgeCallsSent", "judgeCostSent", "judgeKind", "judgeModel", "judgeName", "judgeTokensSent", "leaseUntil", "metricSettings", "modelVersion", "origin", "parameters", "promptTokens", "rateLimitRefusals", "rateLimitRpm", "rateLimitedSince", "samples", "scoreStats", "startedAt", "status", "summary", "temperature", "totalItems", "workerId" FROM "Run";
DROP TABLE "Run";
ALTER TABLE "new_Run" RENAME TO "Run";
CREATE INDEX "Run_datasetId_createdAt_idx" ON "Run"("datasetId", "createdAt");
CREATE INDEX "Run_status_idx" ON "Run"("status");
CREATE INDEX "Run_projectId_createdAt_idx" ON "Run"("projectId", "createdAt");
CREATE TABLE "new_RunImport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "head" JSONB NOT NULL,
    "expected" INTEGER NOT NULL,
    "received" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'receiving',
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "RunImport_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_RunImport" ("projectId", "createdAt", "error", "expected", "head", "id", "key", "origin", "received", "status", "updatedAt") SELECT 'default', "createdAt", "error", "expected", "head", "id", "key", "origin", "received", "status", "updatedAt" FROM "RunImport";
DROP TABLE "RunImport";
ALTER TABLE "new_RunImport" RENAME TO "RunImport";
CREATE INDEX "RunImport_status_updatedAt_idx" ON "RunImport"("status", "updatedAt");
CREATE UNIQUE INDEX "RunImport_projectId_key_key" ON "RunImport"("projectId", "key");
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "emailVerified" BOOLEAN NOT NULL DEFAULT false,
    "image" TEXT,
    "role" TEXT NOT NULL DEFAULT 'member',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_User" ("createdAt", "email", "emailVerified", "id", "image", "name", "role", "updatedAt") SELECT "createdAt", "email", "emailVerified", "id", "image", "name", "role", "updatedAt" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Project_slug_key" ON "Project"("slug");

-- CreateIndex
CREATE INDEX "ProjectMember_userId_idx" ON "ProjectMember"("userId");

-- Projects: everything stored so far belongs to the project "Default" (id and slug "default"),
-- and every user who is not an admin becomes a member of it with the role they had (an unknown
-- role, a row edited by hand, was read as viewer). Admins stay admins: of every project.
INSERT INTO "ProjectMember" ("projectId", "userId", "role", "createdAt")
  SELECT 'default', "id", CASE WHEN "role" IN ('viewer', 'editor') THEN "role" ELSE 'viewer' END, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM "User" WHERE "role" <> 'admin';
UPDATE "User" SET "role" = 'member' WHERE "role" <> 'admin';

-- Alert rules and schedules belong to a project too: those made so far to "Default".
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AlertRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "condition" JSONB NOT NULL,
    "destinationKind" TEXT NOT NULL,
    "urlCipher" TEXT NOT NULL,
    "urlHint" TEXT NOT NULL,
    "secretCipher" TEXT,
    "secretLastFour" TEXT,
    "urlSetBy" TEXT NOT NULL,
    "notifyResolved" BOOLEAN NOT NULL DEFAULT true,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AlertRule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_AlertRule" ("projectId", "condition", "createdAt", "createdById", "destinationKind", "enabled", "id", "kind", "name", "notifyResolved", "secretCipher", "secretLastFour", "updatedAt", "urlCipher", "urlHint", "urlSetBy") SELECT 'default', "condition", "createdAt", "createdById", "destinationKind", "enabled", "id", "kind", "name", "notifyResolved", "secretCipher", "secretLastFour", "updatedAt", "urlCipher", "urlHint", "urlSetBy" FROM "AlertRule";
DROP TABLE "AlertRule";
ALTER TABLE "new_AlertRule" RENAME TO "AlertRule";
CREATE UNIQUE INDEX "AlertRule_projectId_name_key" ON "AlertRule"("projectId", "name");
CREATE TABLE "new_Schedule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
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
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Schedule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Schedule" ("projectId", "createdAt", "createdBy", "createdById", "cron", "enabled", "id", "kind", "name", "nextDueAt", "request", "savedVia", "updatedAt") SELECT 'default', "createdAt", "createdBy", "createdById", "cron", "enabled", "id", "kind", "name", "nextDueAt", "request", "savedVia", "updatedAt" FROM "Schedule";
DROP TABLE "Schedule";
ALTER TABLE "new_Schedule" RENAME TO "Schedule";
CREATE INDEX "Schedule_enabled_nextDueAt_idx" ON "Schedule"("enabled", "nextDueAt");
CREATE INDEX "Schedule_projectId_createdAt_idx" ON "Schedule"("projectId", "createdAt");
CREATE UNIQUE INDEX "Schedule_projectId_name_key" ON "Schedule"("projectId", "name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
