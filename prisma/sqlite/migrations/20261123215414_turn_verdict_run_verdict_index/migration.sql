-- CreateIndex
CREATE INDEX "TurnVerdict_runId_verdict_idx" ON "TurnVerdict"("runId", "verdict");
