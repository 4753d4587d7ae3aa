-- CreateTable
CREATE TABLE "RunScoreVector" (
    "runId" TEXT NOT NULL,
    "runFinishedAt" TIMESTAMP(3) NOT NULL,
    "stats" JSONB NOT NULL,
    "metrics" JSONB NOT NULL,
    "size" INTEGER NOT NULL,
    "keys" TEXT NOT NULL,
    "conversationIds" TEXT NOT NULL,
    "scores" BYTEA NOT NULL,
    "outcomes" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunScoreVector_pkey" PRIMARY KEY ("runId")
);

-- AddForeignKey
ALTER TABLE "RunScoreVector" ADD CONSTRAINT "RunScoreVector_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
