-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "scope" TEXT NOT NULL DEFAULT 'full';

-- CreateTable
CREATE TABLE "OtlpBatch" (
    "id" TEXT NOT NULL,
    "signal" TEXT NOT NULL,
    "encoding" TEXT NOT NULL,
    "gzip" BOOLEAN NOT NULL DEFAULT false,
    "body" BYTEA NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "processedAt" TIMESTAMP(3),
    "error" TEXT,

    CONSTRAINT "OtlpBatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OtelLlmCall" (
    "id" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,
    "spanId" TEXT NOT NULL,
    "service" TEXT,
    "conversationId" TEXT,
    "shape" TEXT,
    "startedAt" TIMESTAMP(3),
    "userText" TEXT,
    "assistantText" TEXT,
    "toolCalls" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OtelLlmCall_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OtelTrace" (
    "traceId" TEXT NOT NULL,
    "conversationId" TEXT,
    "service" TEXT,
    "retrieved" JSONB,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OtelTrace_pkey" PRIMARY KEY ("traceId")
);

-- CreateTable
CREATE TABLE "LiveDataset" (
    "service" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LiveDataset_pkey" PRIMARY KEY ("service")
);

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
