-- CreateTable
CREATE TABLE "AlertRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AlertState" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ruleId" TEXT NOT NULL,
    "scopeKey" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'ok',
    "crossings" INTEGER NOT NULL DEFAULT 0,
    "value" REAL,
    "changedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AlertState_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "AlertRule" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ruleId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "scopeKey" TEXT NOT NULL,
    "crossing" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "value" REAL,
    "summary" TEXT NOT NULL,
    "link" TEXT NOT NULL,
    "details" JSONB,
    "delivery" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" DATETIME,
    "workerId" TEXT,
    "lastStatus" INTEGER,
    "lastError" TEXT,
    "deliveredAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AlertEvent_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "AlertRule" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertSignal" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "subjectId" TEXT,
    "detail" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "AlertRule_name_key" ON "AlertRule"("name");

-- CreateIndex
CREATE UNIQUE INDEX "AlertState_ruleId_scopeKey_key" ON "AlertState"("ruleId", "scopeKey");

-- CreateIndex
CREATE UNIQUE INDEX "AlertEvent_key_key" ON "AlertEvent"("key");

-- CreateIndex
CREATE INDEX "AlertEvent_delivery_nextAttemptAt_idx" ON "AlertEvent"("delivery", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "AlertEvent_ruleId_createdAt_idx" ON "AlertEvent"("ruleId", "createdAt");

-- CreateIndex
CREATE INDEX "AlertSignal_createdAt_idx" ON "AlertSignal"("createdAt");

-- CreateIndex
CREATE INDEX "OnlineScore_ruleId_createdAt_idx" ON "OnlineScore"("ruleId", "createdAt");
