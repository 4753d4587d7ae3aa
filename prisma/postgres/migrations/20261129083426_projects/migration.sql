-- DropIndex
DROP INDEX "CustomMetric_name_version_key";

-- DropIndex
DROP INDEX "Dataset_createdAt_idx";

-- DropIndex
DROP INDEX "Dataset_name_idx";

-- DropIndex
DROP INDEX "DatasetVersion_alias_source_contentHash_idx";

-- DropIndex
DROP INDEX "DatasetVersion_alias_source_version_key";

-- DropIndex
DROP INDEX "JudgeConnection_name_key";

-- DropIndex
DROP INDEX "OnlineRule_name_key";

-- DropIndex
DROP INDEX "OtelLlmCall_traceId_spanId_key";

-- DropIndex
DROP INDEX "OtelTrace_conversationId_idx";

-- DropIndex
DROP INDEX "Replay_createdAt_idx";

-- DropIndex
DROP INDEX "Run_createdAt_idx";

-- DropIndex
DROP INDEX "RunImport_key_key";

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "ApiKey" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "AuditEvent" ADD COLUMN     "projectId" TEXT;

-- AlterTable
ALTER TABLE "CsvMappingMemory" DROP CONSTRAINT "CsvMappingMemory_pkey",
ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default',
ADD CONSTRAINT "CsvMappingMemory_pkey" PRIMARY KEY ("projectId", "signature");
ALTER TABLE "CsvMappingMemory" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "CustomMetric" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "CustomMetric" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "Dataset" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "DatasetVersion" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "DatasetVersion" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "JudgeConnection" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "JudgeConnection" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "LiveDataset" DROP CONSTRAINT "LiveDataset_pkey",
ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default',
ADD CONSTRAINT "LiveDataset_pkey" PRIMARY KEY ("projectId", "service");
ALTER TABLE "LiveDataset" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "OnlineRule" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "OnlineRule" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "OtelLlmCall" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "OtelLlmCall" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "OtelTrace" DROP CONSTRAINT "OtelTrace_pkey",
ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default',
ADD CONSTRAINT "OtelTrace_pkey" PRIMARY KEY ("projectId", "traceId");
ALTER TABLE "OtelTrace" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "OtlpBatch" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "OtlpBatch" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "Replay" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "Replay" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "Run" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "RunImport" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "RunImport" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "User" ALTER COLUMN "role" SET DEFAULT 'member';

-- CreateTable
CREATE TABLE "Project" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);
INSERT INTO "Project" ("id", "slug", "name", "updatedAt") VALUES ('default', 'default', 'Default', CURRENT_TIMESTAMP);

-- CreateTable
CREATE TABLE "ProjectMember" (
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProjectMember_pkey" PRIMARY KEY ("projectId","userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Project_slug_key" ON "Project"("slug");

-- CreateIndex
CREATE INDEX "ProjectMember_userId_idx" ON "ProjectMember"("userId");

-- CreateIndex
CREATE INDEX "ApiKey_projectId_idx" ON "ApiKey"("projectId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomMetric_projectId_name_version_key" ON "CustomMetric"("projectId", "name", "version");

-- CreateIndex
CREATE INDEX "Dataset_projectId_createdAt_idx" ON "Dataset"("projectId", "createdAt");

-- CreateIndex
CREATE INDEX "Dataset_projectId_name_idx" ON "Dataset"("projectId", "name");

-- CreateIndex
CREATE INDEX "DatasetVersion_projectId_alias_source_contentHash_idx" ON "DatasetVersion"("projectId", "alias", "source", "contentHash");

-- CreateIndex
CREATE UNIQUE INDEX "DatasetVersion_projectId_alias_source_version_key" ON "DatasetVersion"("projectId", "alias", "source", "version");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeConnection_projectId_name_key" ON "JudgeConnection"("projectId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "OnlineRule_projectId_name_key" ON "OnlineRule"("projectId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "OtelLlmCall_projectId_traceId_spanId_key" ON "OtelLlmCall"("projectId", "traceId", "spanId");

-- CreateIndex
CREATE INDEX "OtelTrace_projectId_conversationId_idx" ON "OtelTrace"("projectId", "conversationId");

-- CreateIndex
CREATE INDEX "Replay_projectId_createdAt_idx" ON "Replay"("projectId", "createdAt");

-- CreateIndex
CREATE INDEX "Run_projectId_createdAt_idx" ON "Run"("projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "RunImport_projectId_key_key" ON "RunImport"("projectId", "key");

-- AddForeignKey
ALTER TABLE "ProjectMember" ADD CONSTRAINT "ProjectMember_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectMember" ADD CONSTRAINT "ProjectMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Dataset" ADD CONSTRAINT "Dataset_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeConnection" ADD CONSTRAINT "JudgeConnection_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomMetric" ADD CONSTRAINT "CustomMetric_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Replay" ADD CONSTRAINT "Replay_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LiveDataset" ADD CONSTRAINT "LiveDataset_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OnlineRule" ADD CONSTRAINT "OnlineRule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DatasetVersion" ADD CONSTRAINT "DatasetVersion_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunImport" ADD CONSTRAINT "RunImport_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Projects: everything stored so far belongs to the project "Default" (id and slug "default"),
-- and every user who is not an admin becomes a member of it with the role they had (an unknown
-- role, a row edited by hand, was read as viewer). Admins stay admins: of every project.
INSERT INTO "ProjectMember" ("projectId", "userId", "role", "createdAt")
  SELECT 'default', "id", CASE WHEN "role" IN ('viewer', 'editor') THEN "role" ELSE 'viewer' END, CURRENT_TIMESTAMP FROM "User" WHERE "role" <> 'admin';
UPDATE "User" SET "role" = 'member' WHERE "role" <> 'admin';

-- Alert rules and schedules belong to a project too: those made so far to "Default".
-- DropIndex
DROP INDEX "AlertRule_name_key";

-- DropIndex
DROP INDEX "Schedule_name_key";

-- AlterTable
ALTER TABLE "AlertRule" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "AlertRule" ALTER COLUMN "projectId" DROP DEFAULT;

-- AlterTable
ALTER TABLE "Schedule" ADD COLUMN     "projectId" TEXT NOT NULL DEFAULT 'default';
ALTER TABLE "Schedule" ALTER COLUMN "projectId" DROP DEFAULT;

-- CreateIndex
CREATE UNIQUE INDEX "AlertRule_projectId_name_key" ON "AlertRule"("projectId", "name");

-- CreateIndex
CREATE INDEX "Schedule_projectId_createdAt_idx" ON "Schedule"("projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Schedule_projectId_name_key" ON "Schedule"("projectId", "name");

-- AddForeignKey
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertRule" ADD CONSTRAINT "AlertRule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
