-- AlterTable
ALTER TABLE "Run" ADD COLUMN "origin" TEXT;
ALTER TABLE "Run" ADD COLUMN "parameters" JSONB;

-- CreateTable
CREATE TABLE "DatasetVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "alias" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "finalized" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DatasetVersion_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RunImport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "origin" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "head" JSONB NOT NULL,
    "expected" INTEGER NOT NULL,
    "received" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'receiving',
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "RunImportCase" (
    "importId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "body" JSONB NOT NULL,
    "hash" TEXT NOT NULL,
    "metrics" JSONB NOT NULL,

    PRIMARY KEY ("importId", "kind", "position"),
    CONSTRAINT "RunImportCase_importId_fkey" FOREIGN KEY ("importId") REFERENCES "RunImport" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "DatasetVersion_datasetId_key" ON "DatasetVersion"("datasetId");

-- CreateIndex
CREATE INDEX "DatasetVersion_alias_source_contentHash_idx" ON "DatasetVersion"("alias", "source", "contentHash");

-- CreateIndex
CREATE UNIQUE INDEX "DatasetVersion_alias_source_version_key" ON "DatasetVersion"("alias", "source", "version");

-- CreateIndex
CREATE UNIQUE INDEX "RunImport_key_key" ON "RunImport"("key");

-- CreateIndex
CREATE INDEX "RunImport_status_updatedAt_idx" ON "RunImport"("status", "updatedAt");
