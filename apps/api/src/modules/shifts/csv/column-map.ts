/**
 * Column mapping of a GIV-style CSV export: a first guess from the header names (synonyms seen in EVV
 * and scheduling exports), and a signature that recognises "the same header" on a later upload so
 * its saved mapping can be offered (contracts `csvAnalysis.savedFrom`). Rules in docs/evv-import.md,
 * section "CSV (GIV-style) exports".
 */
import { createHash } from 'node:crypto';
import { type ColumnMap, type ShiftCsvField } from '@tend/contracts';

/**
 * Header spellings per Tend field, already normalised (`normalizeHeader`: lower case, letters and
 * digits only). Order matters only between fields: a header is given to the first field listing it.
 */
export const COLUMN_SYNONYMS: Readonly<Record<ShiftCsvField, readonly string[]>> = {
  givShiftId: [
    'shiftid',
    'givshiftid',
    'shift',
    'shiftnumber',
    'shiftno',
    'visitid',
    'visit',
    'visitnumber',
    'visitno',
    'visitotherid',
    'evvvisitid',
    'evvid',
    'scheduleid',
    'appointmentid',
    'visitkey',
    'shiftkey',
  ],
  caregiverName: [
    'caregiver',
    'caregivername',
    'employee',
    'employeename',
    'worker',
    'workername',
    'staff',
    'staffname',
    'dsp',
    'dspname',
    'aide',
    'aidename',
    'attendant',
    'attendantname',
    'caregiverfullname',
    'employeefullname',
  ],
  caregiverExternalId: [
    'caregiverid',
    'caregiverexternalid',
    'caregivernumber',
    'employeeid',
    'employeenumber',
    'employeeno',
    'employeeidentifier',
    'employeeotherid',
    'workerid',
    'staffid',
    'dspid',
    'aideid',
    'attendantid',
  ],
  clientName: [
    'client',
    'clientname',
    'member',
    'membername',
    'consumer',
    'consumername',
    'individual',
    'individualname',
    'patient',
    'patientname',
    'participant',
    'participantname',
    'recipient',
    'recipientname',
    'clientfullname',
  ],
  pid: [
    'pid',
    'medicaidid',
    'medicaidnumber',
    'medicaidno',
    'medicaid',
    'clientmedicaidid',
    'membermedicaidid',
    'recipientmedicaidid',
    'clientid',
    'memberid',
    'consumerid',
    'recipientid',
    'patientid',
    'primeno',
    'prime',
  ],
  date: [
    'date',
    'servicedate',
    'visitdate',
    'shiftdate',
    'dateofservice',
    'dos',
    'workdate',
    'day',
    'scheduleddate',
  ],
  evvInTime: [
    'clockin',
    'clockintime',
    'clockindatetime',
    'timein',
    'checkin',
    'checkintime',
    'starttime',
    'start',
    'startdatetime',
    'in',
    'intime',
    'visitstart',
    'actualstart',
    'actualstarttime',
    'evvin',
    'evvintime',
    'calltimein',
  ],
  evvOutTime: [
    'clockout',
    'clockouttime',
    'clockoutdatetime',
    'timeout',
    'checkout',
    'checkouttime',
    'endtime',
    'end',
    'enddatetime',
    'out',
    'outtime',
    'visitend',
    'actualend',
    'actualendtime',
    'evvout',
    'evvouttime',
    'calltimeout',
  ],
  evvInLat: [
    'clockinlat',
    'clockinlatitude',
    'inlat',
    'inlatitude',
    'latin',
    'latitudein',
    'checkinlat',
    'checkinlatitude',
    'startlat',
    'startlatitude',
    'evvinlat',
    'evvinlatitude',
  ],
  evvInLong: [
    'clockinlong',
    'clockinlng',
    'clockinlon',
    'clockinlongitude',
    'inlong',
    'inlng',
    'inlon',
    'inlongitude',
    'longin',
    'lngin',
    'longitudein',
    'checkinlong',
    'checkinlng',
    'checkinlongitude',
    'startlong',
    'startlng',
    'startlongitude',
    'evvinlong',
    'evvinlongitude',
  ],
  evvOutLat: [
    'clockoutlat',
    'clockoutlatitude',
    'outlat',
    'outlatitude',
    'latout',
    'latitudeout',
    'checkoutlat',
    'checkoutlatitude',
    'endlat',
    'endlatitude',
    'evvoutlat',
    'evvoutlatitude',
  ],
  evvOutLong: [
    'clockoutlong',
    'clockoutlng',
    'clockoutlon',
    'clockoutlongitude',
    'outlong',
    'outlng',
    'outlon',
    'outlongitude',
    'longout',
    'lngout',
    'longitudeout',
    'checkoutlong',
    'checkoutlng',
    'checkoutlongitude',
    'endlong',
    'endlng',
    'endlongitude',
    'evvoutlong',
    'evvoutlongitude',
  ],
  evvInCoordinates: [
    'ingps',
    'gpsin',
    'clockingps',
    'clockinlocation',
    'clockincoordinates',
    'clockinlatlong',
    'clockinlatlng',
    'incoordinates',
    'inlocation',
    'inlatlong',
    'inlatlng',
    'checkingps',
    'checkinlocation',
    'checkincoordinates',
    'startgps',
    'startlocation',
    'startcoordinates',
    'evvinlocation',
    'evvincoordinates',
    'clockingeo',
    'ingeo',
  ],
  evvOutCoordinates: [
    'outgps',
    'gpsout',
    'clockoutgps',
    'clockoutlocation',
    'clockoutcoordinates',
    'clockoutlatlong',
    'clockoutlatlng',
    'outcoordinates',
    'outlocation',
    'outlatlong',
    'outlatlng',
    'checkoutgps',
    'checkoutlocation',
    'checkoutcoordinates',
    'endgps',
    'endlocation',
    'endcoordinates',
    'evvoutlocation',
    'evvoutcoordinates',
    'clockoutgeo',
    'outgeo',
  ],
  billingCode: [
    'billingcode',
    'servicecode',
    'procedurecode',
    'procedure',
    'proccode',
    'hcpcs',
    'hcpcscode',
    'billcode',
    'service',
    'code',
    'servicetype',
  ],
  mod1: ['mod', 'mod1', 'modifier', 'modifier1', 'procedurecodemodifier', 'billingmodifier'],
  providerMedicaidId: [
    'providerid',
    'providermedicaidid',
    'providermedicaidnumber',
    'providernumber',
    'providerno',
    'agencyid',
    'agencymedicaidid',
    'agencyprovidernumber',
  ],
  timeZone: ['timezone', 'tz', 'zone', 'visittimezone'],
  notes: [
    'notes',
    'note',
    'shiftnote',
    'shiftnotes',
    'visitnote',
    'visitnotes',
    'comment',
    'comments',
    'memo',
    'remarks',
    'caregivernotes',
  ],
};

const FIELD_BY_SYNONYM: ReadonlyMap<string, ShiftCsvField> = (() => {
  const byName = new Map<string, ShiftCsvField>();
  for (const [field, names] of Object.entries(COLUMN_SYNONYMS) as [ShiftCsvField, readonly string[]][])
    for (const name of names) if (!byName.has(name)) byName.set(name, field);
  return byName;
})();

/**
 * A header name reduced to what identifies it: Unicode NFKC, lower case, letters and digits only
 * (`"Clock-In  Lat."` → `"clockinlat"`).
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Guesses a column map from the header names: each header whose normalised name (or the name with a
 * trailing parenthesised part dropped, e.g. `Clock In (local)`) is a synonym in `COLUMN_SYNONYMS`
 * maps to that field; the first header wins when several name the same field. The guess is then made
 * consistent with contracts `columnMapProblems`: coordinates as two columns win over one cell, and a
 * latitude without its longitude (or the reverse) is dropped. Headers not recognised are left out.
 */
export function suggestColumnMap(headers: string[]): ColumnMap {
  const entries: [string, ShiftCsvField][] = [];
  const used = new Set<ShiftCsvField>();
  const seen = new Set<string>();
  for (const header of headers) {
    const field = guessField(header);
    if (!field || used.has(field) || seen.has(header)) continue;
    entries.push([header, field]);
    used.add(field);
    seen.add(header);
  }
  const keep = ([, field]: [string, ShiftCsvField]) => {
    for (const side of ['In', 'Out'] as const) {
      const pair = used.has(`evv${side}Lat`) && used.has(`evv${side}Long`);
      if ((field === `evv${side}Lat` || field === `evv${side}Long`) && !pair) return false;
      if (field === `evv${side}Coordinates` && pair) return false;
    }
    return true;
  };
  return Object.fromEntries(entries.filter(keep));
}

function guessField(header: string): ShiftCsvField | null {
  const whole = normalizeHeader(header);
  const withoutNote = normalizeHeader(header.replace(/\s*[([][^)\]]*[)\]]\s*$/, ''));
  return FIELD_BY_SYNONYM.get(whole) ?? FIELD_BY_SYNONYM.get(withoutNote) ?? null;
}

/**
 * SHA-256 (hex) of the header list in file order, each name normalised with `normalizeHeader`
 * (case, spaces and punctuation do not count), so a later export of "the same header" finds the
 * mapping saved for an earlier one. Blank names count as blank; order counts.
 */
export function headerSignature(headers: string[]): string {
  return createHash('sha256')
    .update(JSON.stringify(headers.map(normalizeHeader)))
    .digest('hex');
}

/**
 * Re-keys a saved column map onto `headers` of a file with the same `headerSignature`, whose
 * spelling may differ in case, spaces or punctuation: each saved key is matched to the header with
 * the same normalised name (first unused one). Keys with no such header are dropped.
 */
export function applySavedColumnMap(saved: ColumnMap, headers: string[]): ColumnMap {
  const entries: [string, ShiftCsvField][] = [];
  const free = [...headers];
  for (const [key, field] of Object.entries(saved)) {
    const exact = free.indexOf(key);
    const index =
      exact >= 0 ? exact : free.findIndex((header) => normalizeHeader(header) === normalizeHeader(key));
    const header = free[index];
    if (index < 0 || header === undefined) continue;
    entries.push([header, field]);
    free.splice(index, 1);
  }
  return Object.fromEntries(entries);
}
