/**
 * What the caregiver document of an ISP's protocols holds (issue 19 "Export and reports"; DOMAIN.md "ISP"), and
 * the rules both renderers share: the order caregivers read protocols in and which parts of a protocol are shown.
 * Pure: the isp module's service fills a `ProtocolsDocument` from its tables; `renderProtocolsPdf`
 * (`protocols-pdf.ts`) and `renderProtocolsEmailHtml` (`protocols-email.ts`) turn it into a PDF and an email.
 * See docs/isp-export.md.
 */
import type { Threshold } from '@tend/contracts';

/** The languages the export is written in (docs/languages.md). */
export type ExportLocale = 'en' | 'es';

/** A protocol's text sections, in the order they are printed (spec s.3 Protocol). */
export const protocolSections = ['description', 'prevention', 'response', 'emergency'] as const;
export type ProtocolSection = (typeof protocolSections)[number];

/** One flag per text section: is the section included? */
export type SectionFlags = Record<ProtocolSection, boolean>;

/** One finalized protocol as exported. Dates are ISO `YYYY-MM-DD`; `sortOrder` is the admin's order. */
export interface ExportedProtocol {
  riskType: string;
  /** Likely to cause hospitalization, institutionalization, serious financial hardship, legal action or imminent harm. */
  serious: boolean;
  /** Medication administration record applies. */
  mar: boolean;
  /** Positive behaviour support plan applies. */
  pbsp: boolean;
  description: string | null;
  prevention: string | null;
  response: string | null;
  emergency: string | null;
  /** Which sections go into the caregiver PDF. */
  include: SectionFlags;
  /** Which sections go into the email (off by default: nothing about a person's health is emailed unless chosen). */
  includeEmail: SectionFlags;
  thresholds: Threshold[];
  /** In the order they are taken. */
  escalationSteps: string[];
  /** As-needed medication references, as written ("see MAR: lorazepam PRN"). */
  medicationReferences: string[];
  author: string | null;
  /** A licensed professional's protocol is an order. */
  authorLicensed: boolean;
  effectiveDate: string | null;
  reviewDueDate: string | null;
  version: number;
  sortOrder: number;
}

/** The whole document: one client's finalized protocols from one ISP. */
export interface ProtocolsDocument {
  agencyName: string;
  client: { name: string; pid?: string | null };
  /** The ISP's plan dates, ISO `YYYY-MM-DD`, either may be unknown. */
  plan: { start: string | null; end: string | null };
  /** ISO date-time of generation (fixed by the caller: the same input gives the same bytes). */
  generatedAt: string;
  /** The agency's IANA time zone; the generated date is written in it. */
  timeZone: string;
  locale: ExportLocale;
  protocols: ExportedProtocol[];
}

/**
 * The order caregivers read protocols in: serious risks first, then the admin's `sortOrder`; ties keep their
 * input order (issue 19: "serious risks first"). Returns a new array.
 */
export function orderForCaregivers<T extends Pick<ExportedProtocol, 'serious' | 'sortOrder'>>(
  protocols: readonly T[],
): T[] {
  // Array.prototype.sort is stable (ES2019), so equal keys keep their input order.
  return [...protocols].sort((a, b) => Number(b.serious) - Number(a.serious) || a.sortOrder - b.sortOrder);
}

/** The parts of one protocol a renderer prints, after the include flags are applied. */
export interface ProtocolContent {
  /** Included sections that have text, in `protocolSections` order. */
  sections: { section: ProtocolSection; text: string }[];
  thresholds: Threshold[];
  escalationSteps: string[];
  medicationReferences: string[];
}

/**
 * What of `protocol` is shown under `flags` (`include` for the PDF, `includeEmail` for the email): the flagged
 * sections that have text, and the structured parts (thresholds, escalation steps, as-needed medication) when
 * the response or the emergency section is flagged, since they say when and how to act.
 */
export function protocolContent(protocol: ExportedProtocol, flags: SectionFlags): ProtocolContent {
  const sections = protocolSections.flatMap((section) => {
    const text = protocol[section]?.trim() ?? '';
    return flags[section] && hasVisibleText(text) ? [{ section, text }] : [];
  });
  const acting = flags.response || flags.emergency;
  const nonEmpty = (items: string[]) => items.map((item) => item.trim()).filter(hasVisibleText);
  return {
    sections,
    thresholds: acting ? protocol.thresholds : [],
    escalationSteps: acting ? nonEmpty(protocol.escalationSteps) : [],
    medicationReferences: acting ? nonEmpty(protocol.medicationReferences) : [],
  };
}

/** Anything to read: a character that is not a space, a control or an invisible format character. */
export function hasVisibleText(text: string): boolean {
  return /[^\s\p{Cc}\p{Cf}]/u.test(text);
}

/** True when any of the flags is on. */
export function anyFlag(flags: SectionFlags): boolean {
  return protocolSections.some((section) => flags[section]);
}
