-- AlterTable
ALTER TABLE "OnlineRule" ADD COLUMN     "dailyCapCalls" INTEGER,
ADD COLUMN     "dailyCapTokens" INTEGER;

-- AlterTable
ALTER TABLE "OnlineScore" ADD COLUMN     "judgeCalls" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tokens" INTEGER NOT NULL DEFAULT 0;
