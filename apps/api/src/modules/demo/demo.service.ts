/**
 * The demo agency ("Willamette Valley Supports — demo"): a realistic, clearly labelled data set for a
 * newcomer's first look (issue: foundation, demo data). Loaded only into a database with no people
 * yet, and marked in `app_setting` under `demo_data` so the UI can label it. Deterministic (seeded).
 */
import { count } from 'drizzle-orm';
import type { CaregiverType } from '@tend/contracts';
import { caregiverTypes } from '@tend/contracts';
import type { DatabaseHandle, Transaction } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { appSettings } from '../../platform/settings/settings.table.ts';
import { caregivers, caseManagers, clients } from '../people/people.table.ts';

export const DEMO_AGENCY_NAME = 'Willamette Valley Supports (demo data)';

/** A small seeded PRNG (mulberry32) so the demo agency is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Real Oregon towns (lat, long) and their counties, where demo clients live. */
export const oregonTowns = [
  { town: 'Salem', county: 'Marion', lat: 44.9429, long: -123.0351 },
  { town: 'Keizer', county: 'Marion', lat: 44.9901, long: -123.0262 },
  { town: 'Woodburn', county: 'Marion', lat: 45.1437, long: -122.8554 },
  { town: 'Eugene', county: 'Lane', lat: 44.0521, long: -123.0868 },
  { town: 'Springfield', county: 'Lane', lat: 44.0462, long: -123.022 },
  { town: 'Corvallis', county: 'Benton', lat: 44.5646, long: -123.262 },
  { town: 'Albany', county: 'Linn', lat: 44.6365, long: -123.1059 },
  { town: 'Lebanon', county: 'Linn', lat: 44.5365, long: -122.907 },
  { town: 'McMinnville', county: 'Yamhill', lat: 45.2101, long: -123.1987 },
  { town: 'Newberg', county: 'Yamhill', lat: 45.3007, long: -122.9731 },
  { town: 'Beaverton', county: 'Washington', lat: 45.4871, long: -122.8037 },
  { town: 'Hillsboro', county: 'Washington', lat: 45.5229, long: -122.9898 },
] as const;

const firstNames = ['Avery', 'Jordan', 'Riley', 'Morgan', 'Casey', 'Quinn', 'Harper', 'Rowan', 'Emerson', 'Sawyer', 'Elliot', 'Finley', 'Hayden', 'Jesse', 'Kendall', 'Logan', 'Micah', 'Noel', 'Parker', 'Reese', 'Skyler', 'Taylor', 'Dakota', 'Remy'];
const lastNames = ['Nguyen', 'Garcia', 'Johnson', 'Martinez', 'Olsen', 'Hernandez', 'Larson', 'Kim', 'Patel', 'Reyes', 'Sato', 'Thompson', 'Yazzie', 'Lopez', 'Schmidt', 'Walker', 'Chen', 'Ramirez', 'Novak', 'Brooks'];

export interface DemoPeople {
  caseManagerIds: string[];
  clients: { id: string; pid: string; town: (typeof oregonTowns)[number] }[];
  caregivers: { id: string; type: CaregiverType }[];
}

/** Inserts case managers, clients and caregivers of every CaregiverType. */
async function insertPeople(tx: Transaction, random: () => number): Promise<DemoPeople> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const personName = () => `${pick(firstNames)} ${pick(lastNames)}`;
  const counties = [...new Set(oregonTowns.map((t) => t.county))];
  const managerRows = await tx
    .insert(caseManagers)
    .values(
      counties.map((county, i) => ({
        name: personName(),
        county,
        email: `case.manager${i + 1}@cddp.demo.invalid`,
      })),
    )
    .returning({ id: caseManagers.id, county: caseManagers.county });

  const clientValues = Array.from({ length: 24 }, (_, i) => {
    const town = oregonTowns[i % oregonTowns.length] as (typeof oregonTowns)[number];
    const manager = managerRows.find((m) => m.county === town.county);
    const name = personName();
    return {
      name,
      email: `client${i + 1}@family.demo.invalid`,
      altNames: i % 3 === 0 ? [name.split(' ')[0] ?? name] : [],
      pid: `DM${String(100000 + i * 7919).slice(0, 6)}`,
      budgetClientId: `B-${2000 + i}`,
      ispMonth: (i % 12) + 1,
      serviceElement: i % 4 === 0 ? 'SE 150' : 'SE 49',
      caseManagerId: manager?.id ?? null,
      town,
    };
  });
  const clientRows = await tx
    .insert(clients)
    .values(clientValues.map(({ town: _town, ...values }) => values))
    .returning({ id: clients.id, pid: clients.pid });

  const caregiverValues = Array.from({ length: 20 }, (_, i) => ({
    name: personName(),
    email: `caregiver${i + 1}@staff.demo.invalid`,
    type: caregiverTypes[i % caregiverTypes.length] as CaregiverType,
    externalId: `EMP${1000 + i}`,
  }));
  const caregiverRows = await tx.insert(caregivers).values(caregiverValues).returning({ id: caregivers.id, type: caregivers.type });

  return {
    caseManagerIds: managerRows.map((m) => m.id),
    clients: clientRows.map((row, i) => ({ id: row.id, pid: row.pid ?? '', town: (clientValues[i] as (typeof clientValues)[number]).town })),
    caregivers: caregiverRows,
  };
}

/**
 * Loads the demo agency in one transaction. Returns false (and loads nothing) when the database
 * already has people. Audited as `demo.load`.
 */
export async function loadDemoAgency(database: DatabaseHandle, ctx: RequestContext): Promise<boolean> {
  const { db } = database;
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ total: count() }).from(clients);
    const [existingCaregivers] = await tx.select({ total: count() }).from(caregivers);
    if ((existing?.total ?? 0) > 0 || (existingCaregivers?.total ?? 0) > 0) return false;
    const random = seededRandom(20261121);
    const people = await insertPeople(tx, random);
    await tx
      .insert(appSettings)
      .values({ key: 'demo_data', value: { agencyName: DEMO_AGENCY_NAME, loadedAt: new Date().toISOString() } })
      .onConflictDoNothing();
    await recordAudit(tx, ctx, {
      action: 'demo.load',
      entityType: 'agency',
      details: { clients: people.clients.length, caregivers: people.caregivers.length, caseManagers: people.caseManagerIds.length },
    });
    return true;
  });
}
