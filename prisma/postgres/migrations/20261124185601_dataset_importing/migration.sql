-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "importing" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Dataset_importing_updatedAt_idx" ON "Dataset"("importing", "updatedAt");
