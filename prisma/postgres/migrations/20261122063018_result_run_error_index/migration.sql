-- CreateIndex
CREATE INDEX "Result_runId_error_idx" ON "Result"("runId", "error");
