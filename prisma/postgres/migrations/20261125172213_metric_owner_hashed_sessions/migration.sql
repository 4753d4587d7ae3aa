-- AlterTable
ALTER TABLE "CustomMetric" ADD COLUMN     "ownerId" TEXT;

-- CreateIndex
CREATE INDEX "CustomMetric_ownerId_idx" ON "CustomMetric"("ownerId");

-- AddForeignKey
ALTER TABLE "CustomMetric" ADD CONSTRAINT "CustomMetric_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Sessions are stored as SHA-256 hashes of their tokens from now on: the plain tokens stored before
-- are dropped, so everyone signs in once more.
DELETE FROM "Session";

-- Names and picture addresses were unbounded (update-user took 30 MB): cut to the limits now enforced.
UPDATE "User" SET "name" = substr("name", 1, 100) WHERE length("name") > 100;
UPDATE "User" SET "image" = NULL WHERE length("image") > 2048;
