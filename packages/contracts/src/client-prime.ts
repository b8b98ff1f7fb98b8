/**
 * Client prime import (`/admin/misctools/client-prime-import`; spec s.3 Client, Budget): one CSV row
 * per budget line with the client's columns repeated. Clients are matched or created, budget lines
 * upserted on (budgetClientId, procCode, svcModifierCd, effectiveDate). Rules: docs/evv-import.md,
 * "Client prime".
 */
import {
  importDetail,
  importEndpointSet,
  importFileList,
  importOptions,
  importPreview,
  importStarted,
  importUploaded,
  type ImportFieldSpec,
} from './imports.ts';

export const clientPrimeCsvFields = [
  'clientName',
  'pid',
  'budgetClientId',
  'clientPrime',
  'serviceElement',
  'ispMonth',
  'procCode',
  'svcModifierCd',
  'units',
  'measure',
  'term',
  'effectiveDate',
  'expirationDate',
] as const;
export type ClientPrimeCsvField = (typeof clientPrimeCsvFields)[number];

export const clientPrimeFieldSpec: ImportFieldSpec<ClientPrimeCsvField> = {
  fields: clientPrimeCsvFields,
  labels: {
    clientName: 'Client name',
    pid: 'Medicaid prime (pid)',
    budgetClientId: 'Budget client id',
    clientPrime: 'Client prime',
    serviceElement: 'Service element',
    ispMonth: 'ISP month',
    procCode: 'Procedure code',
    svcModifierCd: 'Modifier',
    units: 'Units',
    measure: 'Measure',
    term: 'Term',
    effectiveDate: 'Effective date',
    expirationDate: 'Expiration date',
  },
  groups: [
    {
      group: 'Client',
      fields: ['clientName', 'pid', 'budgetClientId', 'clientPrime', 'serviceElement', 'ispMonth'],
    },
    {
      group: 'Budget',
      fields: ['procCode', 'svcModifierCd', 'units', 'measure', 'term', 'effectiveDate', 'expirationDate'],
    },
  ],
  required: [
    {
      anyOf: ['budgetClientId'],
      message: 'Map a column to Budget client id (it keeps re-imports from doubling)',
    },
    { anyOf: ['procCode'], message: 'Map a column to Procedure code' },
    { anyOf: ['units'], message: 'Map a column to Units' },
    { anyOf: ['effectiveDate'], message: 'Map a column to Effective date' },
  ],
};

/** The client prime (clients + budgets) import's five endpoints (`importEndpointSet`, admin only). */
export const clientPrimeImportEndpoints = importEndpointSet('/api/client-prime-imports', {
  uploaded: importUploaded,
  list: importFileList,
  detail: importDetail,
  options: importOptions,
  preview: importPreview,
  started: importStarted,
});
