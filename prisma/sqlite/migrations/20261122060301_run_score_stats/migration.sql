-- DropIndex
DROP INDEX "Result_runId_success_idx";

-- DropIndex
DROP INDEX "Result_runId_metric_score_idx";

-- AlterTable
ALTER TABLE "Run" ADD COLUMN "scoreStats" JSONB;

-- CreateIndex
CREATE INDEX "Result_runId_metric_score_conversationId_idx" ON "Result"("runId", "metric", "score", "conversationId");

-- CreateIndex
CREATE INDEX "Result_runId_metric_success_score_conversationId_idx" ON "Result"("runId", "metric", "success", "score", "conversationId");

-- CreateIndex
CREATE INDEX "Result_runId_success_conversationId_idx" ON "Result"("runId", "success", "conversationId");
