-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "samples" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "temperature" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "TurnVerdict" ADD COLUMN     "voteShare" DOUBLE PRECISION;
