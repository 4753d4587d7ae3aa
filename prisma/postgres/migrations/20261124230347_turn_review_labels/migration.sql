-- CreateTable
CREATE TABLE "TurnLabel" (
    "id" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "turnIndex" INTEGER NOT NULL,
    "metric" TEXT NOT NULL,
    "verdict" TEXT NOT NULL,
    "reviewerId" TEXT NOT NULL,
    "reviewerEmail" TEXT NOT NULL,
    "note" TEXT,
    "contentHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TurnLabel_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TurnLabel_contentHash_idx" ON "TurnLabel"("contentHash");

-- CreateIndex
CREATE UNIQUE INDEX "TurnLabel_conversationId_turnIndex_metric_reviewerId_key" ON "TurnLabel"("conversationId", "turnIndex", "metric", "reviewerId");

-- AddForeignKey
ALTER TABLE "TurnLabel" ADD CONSTRAINT "TurnLabel_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
