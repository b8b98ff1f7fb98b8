/**
 * One definition per report type of the report export (issue 24; decision 0066): whose report it is (a client or a
 * caregiver), and how its rows load from the module that owns the data, through that module's service (never its
 * tables). Each load returns pure table data (`report-table.ts`); the writers make the files. The services audit
 * their own reads (e.g. `caregiver_hours.read`, `incident.list`); the job audits each stored file.
 */
import { reportExportTypeInfo, type ReportExportType, type WorkweekStart } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { findClientBudgetUse } from '../budgets/client-budget-use.ts';
import { getCaregiverWeeks } from '../hours/caregiver-hours.service.ts';
import { findClientBilledItems } from '../billing/client-billing-summary.service.ts';
import { findPlansInEffect } from '../isp/period-protocols.ts';
import { findPeriodSummarySections } from '../isp/quarterly/period-summaries.ts';
import { getCaregiverPayrollPeriods } from '../payroll/caregiver-payroll-periods.service.ts';
import { findIncidents } from '../screening/incidents.service.ts';
import { findSuspiciousLocations } from '../screening/suspicious-locations.service.ts';
import type { ReportColumn, ReportCell } from './report-table.ts';

/** What a load needs: the database and the agency settings the hours depend on. */
export interface ReportLoadDeps {
  db: Database;
  timeZone: string;
  workweekStart: WorkweekStart;
}

/** Which report to load: its subject (a client or caregiver id) and the period, inclusive `YYYY-MM-DD` dates. */
export interface ReportLoadInput {
  subjectId: string;
  from: string;
  to: string;
}

/** A report type: its columns and how its rows load (its subject kind: contracts `reportExportTypeInfo`). */
export interface ReportDefinition {
  type: ReportExportType;
  columns: ReportColumn[];
  load(deps: ReportLoadDeps, ctx: RequestContext, input: ReportLoadInput): Promise<ReportCell[][]>;
  /** What the PDF says when there is no row (default "No rows in this period."). */
  emptyText?: string;
}

/** Rows asked of a paged service at a time. */
const PAGE_SIZE = 500;

/** Every item of a paged service's filter, page after page (1-based) until the total is reached. */
async function everyPage<T>(
  fetchPage: (page: number) => Promise<{ items: T[]; total: number; pageSize: number }>,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const result = await fetchPage(page);
    items.push(...result.items);
    if (page * result.pageSize >= result.total || !result.items.length) return items;
  }
}

const text = (label: string): ReportColumn => ({ label, kind: 'text' });
const number = (label: string): ReportColumn => ({ label, kind: 'number' });

/** Hours per workweek of a caregiver (module hours, `getCaregiverWeeks`; every week of the period, zeros too). */
const caregiverHours: ReportDefinition = {
  type: 'caregiver-hours',
  columns: [
    text('Week starting'),
    number('Hours'),
    number('Overtime hours'),
    number('Shifts'),
    number('Overlapping shift pairs'),
    text('Handled'),
    text('Handling note'),
  ],
  async load(deps, ctx, input) {
    const settings = { timeZone: deps.timeZone, workweekStart: deps.workweekStart };
    const report = await getCaregiverWeeks(deps.db, ctx, settings, input.subjectId, {
      from: input.from,
      to: input.to,
    });
    return report.weeks.map((week) => [
      week.weekName,
      week.hours,
      week.overtimeHours,
      week.shiftCount,
      week.overlaps.length,
      week.hasViolation ? (week.handling?.handled ? 'yes' : 'no') : '',
      week.handling?.note ?? null,
    ]);
  },
};

/**
 * Budget lines of a client in force on the period's last day, compared over each line's window up to that day
 * (module budgets, `findClientBudgetUse`).
 */
const budgetUse: ReportDefinition = {
  type: 'budget-use',
  columns: [
    text('Procedure code'),
    text('Modifier'),
    text('Measure'),
    text('Window from'),
    text('Window to'),
    number('Authorized'),
    number('Used'),
    number('Authorized hours'),
    number('Delivered hours'),
    number('Unfilled hours'),
  ],
  async load(deps, _ctx, input) {
    const lines = await findClientBudgetUse(deps.db, { clientIds: [input.subjectId], asOf: input.to });
    return lines.map((line) => [
      line.procCode,
      line.modifier,
      line.measure,
      line.from,
      line.to,
      line.authorized,
      line.used,
      line.hours?.authorizedHours ?? null,
      line.hours?.deliveredHours ?? null,
      line.hours?.unfilledHours ?? null,
    ]);
  },
};

/** Incidents (open and handled) of a client's shifts in the period (module screening, `findIncidents`), by date. */
const incidents: ReportDefinition = {
  type: 'incidents',
  columns: [
    text('Date'),
    text('Visit'),
    text('Caregiver'),
    text('Severity'),
    text('Categories'),
    text('Reason'),
    text('Handled'),
    text('Handled by'),
    text('Handling note'),
  ],
  async load(deps, ctx, input) {
    const items = await everyPage((page) =>
      findIncidents(deps.db, ctx, {
        clientId: input.subjectId,
        from: input.from,
        to: input.to,
        handled: 'all',
        sort: 'date',
        order: 'asc',
        page,
        pageSize: PAGE_SIZE,
      }),
    );
    return items.map((item) => [
      item.date,
      item.givShiftId,
      item.caregiverName,
      item.severity,
      item.categories.join(', '),
      item.reason,
      item.handled ? 'yes' : 'no',
      item.handledByName,
      item.handledNote,
    ]);
  },
};

/**
 * Suspicious-location findings (reviewed or not) of a client's shifts in the period (module screening,
 * `findSuspiciousLocations`), highest level first, then newest.
 */
const suspiciousLocations: ReportDefinition = {
  type: 'suspicious-locations',
  columns: [
    text('Date'),
    text('Caregiver'),
    text('Type'),
    text('Level'),
    number('Distance (m)'),
    number('Latitude'),
    number('Longitude'),
    text('Reviewed'),
    text('Reviewed by'),
    text('Review note'),
  ],
  async load(deps, ctx, input) {
    const items = await everyPage((page) =>
      findSuspiciousLocations(deps.db, ctx, {
        clientId: input.subjectId,
        from: input.from,
        to: input.to,
        reviewed: 'all',
        page,
        pageSize: PAGE_SIZE,
      }),
    );
    return items.map((item) => [
      item.date,
      item.caregiverName,
      item.suspiciousType,
      item.suspicionLevel,
      item.distanceMeters === null ? null : Math.round(item.distanceMeters),
      item.actualLat,
      item.actualLong,
      item.reviewed ? 'yes' : 'no',
      item.reviewedByName,
      item.reviewNote,
    ]);
  },
};

/** Integer cents as dollars (two decimals), null kept. */
const dollars = (cents: number | null): number | null => (cents === null ? null : cents / 100);

/**
 * The client's billing items with service dates in the period, VOID ones too, each with its newest matched claim
 * line (module billing, `findClientBilledItems`), by date.
 */
const billingSummary: ReportDefinition = {
  type: 'billing-summary',
  columns: [
    text('Service date'),
    text('Caregiver'),
    text('Procedure code'),
    text('Modifier'),
    number('Hours'),
    number('Units'),
    number('Rate ($)'),
    number('Amount ($)'),
    text('Status'),
    text('Claim'),
    text('Claim status'),
    number('Paid ($)'),
    text('Payment date'),
    text('Denial reason'),
  ],
  async load(deps, ctx, input) {
    const items = await findClientBilledItems(deps.db, ctx, {
      clientId: input.subjectId,
      from: input.from,
      to: input.to,
    });
    return items.map((item) => [
      item.date,
      item.caregiverName,
      item.billingCode,
      item.modifier,
      item.hours,
      item.units,
      dollars(item.rateCents),
      dollars(item.amountCents),
      item.status,
      item.claimId,
      item.claimStatus,
      dollars(item.paidAmountCents),
      item.paymentDate,
      item.denialReason,
    ]);
  },
};

/**
 * A caregiver's payroll per pay period (module payroll, `getCaregiverPayrollPeriods`): every pay period that
 * overlaps the dates, each whole (payroll is computed per period; decision 0066 addendum), zeros too.
 */
const payrollSummary: ReportDefinition = {
  type: 'payroll-summary',
  columns: [
    text('Pay period from'),
    text('Pay period to'),
    number('Regular hours'),
    number('Overtime hours'),
    number('Hour adjustments'),
    number('Total paid hours'),
    number('Mileage (miles)'),
    number('Amount adjustments ($)'),
    number('Segments'),
    number('Segments paid on changed times'),
    number('Adjustments'),
  ],
  async load(deps, ctx, input) {
    const config = { timeZone: deps.timeZone, workweekStart: deps.workweekStart };
    const periods = await getCaregiverPayrollPeriods(deps.db, ctx, config, input.subjectId, {
      from: input.from,
      to: input.to,
    });
    return periods.map(({ period, summary }) => [
      period.start,
      period.end,
      summary.regularHours,
      summary.overtimeHours,
      summary.hourAdjustments,
      summary.totalPaidHours,
      summary.mileageMiles,
      dollars(summary.amountAdjustmentCents),
      summary.segmentCount,
      summary.payrollVersionCount,
      summary.adjustmentCount,
    ]);
  },
};

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
/** A client's report period as the isp reads take it: the client, inclusive days and the agency's zone. */
const clientPeriod = (deps: ReportLoadDeps, input: ReportLoadInput) => ({
  clientId: input.subjectId,
  from: input.from,
  to: input.to,
  timeZone: deps.timeZone,
});

/**
 * The generated sections of each quarter overlapping the period (module isp, `findPeriodSummarySections`), oldest
 * quarter first: the summaries as last generated, never generated by the export (decision 0066 addendum).
 */
const quarterlySummaries: ReportDefinition = {
  type: 'quarterly-summaries',
  columns: [
    text('Quarter'),
    text('Quarter from'),
    text('Quarter to'),
    text('Section'),
    number('Notes'),
    number('Shifts'),
    text('Summary'),
    text('Generated at'),
    text('Generated by'),
  ],
  emptyText: 'No quarterly summary was generated for a quarter of this period.',
  async load(deps, ctx, input) {
    const sections = await findPeriodSummarySections(deps.db, ctx, clientPeriod(deps, input));
    return sections.map((section) => [
      `${section.year} Q${section.quarter}`,
      section.firstDate,
      section.lastDate,
      section.sectionName,
      section.noteCount,
      section.shiftCount,
      section.sectionSummary,
      section.generatedAt?.toISOString() ?? null,
      section.generatedByName,
    ]);
  },
};

/**
 * The finalized protocols of each verified ISP in effect during the period (module isp, `findPlansInEffect`: an ISP
 * is the plan from its verification until the client's next one is verified, decision 0046), serious risks first.
 */
const protocols: ReportDefinition = {
  type: 'protocols',
  columns: [
    text('ISP'),
    text('In effect from'),
    text('Replaced on'),
    text('Plan start'),
    text('Plan end'),
    text('Risk'),
    text('Serious'),
    text('MAR'),
    text('PBSP'),
    number('Version'),
    text('Description'),
    text('Prevention'),
    text('Response'),
    text('Emergency'),
    text('Thresholds'),
    text('Escalation steps'),
    text('Medication references'),
  ],
  emptyText: 'No verified ISP of this client was in effect during this period.',
  async load(deps, ctx, input) {
    const plans = await findPlansInEffect(deps.db, ctx, clientPeriod(deps, input));
    return plans.flatMap((plan) =>
      plan.protocols.map((protocol) => [
        plan.fileName,
        plan.inEffectFrom,
        plan.replacedOn,
        plan.planStart,
        plan.planEnd,
        protocol.riskType,
        yesNo(protocol.serious),
        yesNo(protocol.mar),
        yesNo(protocol.pbsp),
        protocol.version,
        protocol.description,
        protocol.prevention,
        protocol.response,
        protocol.emergency,
        protocol.thresholds.join('; '),
        protocol.escalationSteps.join('; '),
        protocol.medicationReferences.join('; '),
      ]),
    );
  },
};

/** Every report type's definition. */
export const reportDefinitions: Record<ReportExportType, ReportDefinition> = {
  'caregiver-hours': caregiverHours,
  'budget-use': budgetUse,
  incidents,
  'suspicious-locations': suspiciousLocations,
  'billing-summary': billingSummary,
  'payroll-summary': payrollSummary,
  'quarterly-summaries': quarterlySummaries,
  protocols,
};

/** The title of a type (contracts `reportExportTypeInfo`). */
export const reportTitle = (type: ReportExportType): string => reportExportTypeInfo[type].title;
