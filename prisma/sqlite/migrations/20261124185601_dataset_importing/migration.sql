-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Dataset" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "modelVersion" TEXT,
    "sourceFormat" TEXT NOT NULL,
    "sourceFileName" TEXT,
    "conversationCount" INTEGER NOT NULL DEFAULT 0,
    "turnCount" INTEGER NOT NULL DEFAULT 0,
    "importing" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "createdById" TEXT,
    CONSTRAINT "Dataset_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Dataset" ("conversationCount", "createdAt", "createdById", "description", "id", "modelVersion", "name", "sourceFileName", "sourceFormat", "turnCount", "updatedAt") SELECT "conversationCount", "createdAt", "createdById", "description", "id", "modelVersion", "name", "sourceFileName", "sourceFormat", "turnCount", "updatedAt" FROM "Dataset";
DROP TABLE "Dataset";
ALTER TABLE "new_Dataset" RENAME TO "Dataset";
CREATE INDEX "Dataset_createdAt_idx" ON "Dataset"("createdAt");
CREATE INDEX "Dataset_name_idx" ON "Dataset"("name");
CREATE INDEX "Dataset_importing_updatedAt_idx" ON "Dataset"("importing", "updatedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
