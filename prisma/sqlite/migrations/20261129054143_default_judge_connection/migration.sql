-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_JudgeConnection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "keyCipher" TEXT,
    "keyLastFour" TEXT,
    "models" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "rpm" INTEGER,
    "tpm" INTEGER,
    "isDefault" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_JudgeConnection" ("baseUrl", "createdAt", "id", "keyCipher", "keyLastFour", "models", "name", "rpm", "tpm", "updatedAt") SELECT "baseUrl", "createdAt", "id", "keyCipher", "keyLastFour", "models", "name", "rpm", "tpm", "updatedAt" FROM "JudgeConnection";
DROP TABLE "JudgeConnection";
ALTER TABLE "new_JudgeConnection" RENAME TO "JudgeConnection";
CREATE UNIQUE INDEX "JudgeConnection_name_key" ON "JudgeConnection"("name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
