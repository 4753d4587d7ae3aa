-- DropIndex
DROP INDEX "OtelLlmCall_traceId_idx";
