/**
 * How a module registers the job of one import kind: the handler's dependencies from the app's, with
 * the kind's "imported" event published when a run changed something (platform/jobs/events.ts).
 */
import type { Database } from '../db/client.ts';
import type { JobEvent, JobEvents } from '../jobs/events.ts';
import type { StorageService } from '../storage/storage.service.ts';
import type { ImportReaderDeps } from './import-service.ts';

/**
 * The dependencies of an import kind's job handler (`service.handler(...)`) from the app's:
 * the database, storage, the agency's time zone, and `afterImport` publishing `imported`
 * `{ importJobId }` (the import's ProcessingJob id) once the file is imported and the kind reports a
 * change (`ImportKindDefinition.changed`).
 */
export function importHandlerDeps(
  deps: {
    config: { agencyTimeZone: string };
    database: { db: Database };
    storage: StorageService;
    events: Pick<JobEvents, 'publish'>;
  },
  imported: JobEvent<{ importJobId: string }>,
): ImportReaderDeps & { afterImport: (importJobId: string) => Promise<void> } {
  return {
    db: deps.database.db,
    storage: deps.storage,
    agencyTimeZone: deps.config.agencyTimeZone,
    afterImport: (importJobId) => deps.events.publish(imported, { importJobId }),
  };
}
