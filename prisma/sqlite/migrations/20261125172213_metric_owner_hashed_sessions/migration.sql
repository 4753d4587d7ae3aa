-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CustomMetric" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "scope" TEXT NOT NULL,
    "definition" JSONB NOT NULL,
    "stepsWritten" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "ownerId" TEXT,
    CONSTRAINT "CustomMetric_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_CustomMetric" ("createdAt", "createdBy", "definition", "id", "name", "scope", "stepsWritten", "version") SELECT "createdAt", "createdBy", "definition", "id", "name", "scope", "stepsWritten", "version" FROM "CustomMetric";
DROP TABLE "CustomMetric";
ALTER TABLE "new_CustomMetric" RENAME TO "CustomMetric";
CREATE INDEX "CustomMetric_ownerId_idx" ON "CustomMetric"("ownerId");
CREATE UNIQUE INDEX "CustomMetric_name_version_key" ON "CustomMetric"("name", "version");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Sessions are stored as SHA-256 hashes of their tokens from now on: the plain tokens stored before
-- are dropped, so everyone signs in once more.
DELETE FROM "Session";

-- Names and picture addresses were unbounded (update-user took 30 MB): cut to the limits now enforced.
UPDATE "User" SET "name" = substr("name", 1, 100) WHERE length("name") > 100;
UPDATE "User" SET "image" = NULL WHERE length("image") > 2048;
