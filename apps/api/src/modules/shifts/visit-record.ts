/**
 * One visit read from any EVV export, before it meets the database: what the CSV reader
 * (csv/csv-visit.ts) and the Sandata reader (evv-sandata.ts) both produce and the importer consumes.
 * Instants are UTC `Date`s; coordinates WGS84 degrees exactly as the file had them (impossible values
 * are kept so the EVV status can say so); `serviceDate` is YYYY-MM-DD in `timeZone`.
 */
export interface VisitRecord {
  /** 1-based line (CSV, where the record starts) or visit number (JSON array). */
  line: number;
  /** External shift id (`givShiftId`; Sandata VisitOtherID): the idempotency key. */
  externalId: string;
  /** Sandata SequenceID (higher = newer version); null for formats without one. */
  sequence: number | null;
  caregiver: {
    /** The caregiver's id in the source system (`Caregiver.externalId`), if the file has one. */
    externalId: string | null;
    name: string | null;
    /** What to call a caregiver created for review when no name is known, e.g. "New caregiver (employee …2345)". */
    placeholderName: string;
  };
  client: {
    /** Medicaid id (`Client.pid`), if the file has one. */
    pid: string | null;
    name: string | null;
    placeholderName: string;
  };
  providerMedicaidId: string | null;
  billingCode: string | null;
  mod1: string | null;
  /** IANA zone the local times were read in (file value, else the agency default). */
  timeZone: string;
  serviceDate: string;
  evvInTime: Date | null;
  evvOutTime: Date | null;
  evvInLat: number | null;
  evvInLong: number | null;
  evvOutLat: number | null;
  evvOutLong: number | null;
  /** Changes the source system recorded (Sandata VisitChanges): they make the EVV status "manually adjusted". */
  adjustments: {
    at: string | null;
    by: string | null;
    reason: string | null;
    changes: Record<string, { from: unknown; to: unknown }>;
  }[];
  /** Free-text notes of the visit (kept on its segment). */
  notes: string | null;
  /** The source record unchanged: the JSON visit, or the CSV row keyed by header. */
  raw: Record<string, unknown>;
}

/** A field-level problem with one source record; `field` is the name the file uses (CSV header or JSON path). */
export interface RecordProblem {
  field: string;
  reason: string;
}
