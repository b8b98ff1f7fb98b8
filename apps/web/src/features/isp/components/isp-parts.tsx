/**
 * Pieces the ISP admin screens share (docs/isp-screens.md): the status badge of an ISP, its processing job as a
 * small bar with the step it is at ("Reading page 3 of 12"), the reason an ISP ended in ERROR with what to do
 * (contracts `ispProblemMessages`), the status counts as filter chips, and the header of the pages rendered
 * without a layout (`/process`, `/protocols`: their own `main`, one h1, a back link to the ISP list).
 */
import type { ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Container, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ispProblemMessages, type IspStatus, type IspSummary, type ProtocolStatus } from '@tend/contracts';
import { formatCount } from '../../../lib/format/index.ts';

export const ISP_LIST_PATH = '/admin/misctools/isp';
export const ISP_UPLOAD_PATH = '/admin/misctools/isp/upload';
export const PROCESS_PATH = '/process';
export const PROTOCOLS_PATH = '/protocols';
/** The review page of one ISP (built by the review screens). */
export const verifyPath = (ispId: string) => `/verify?id=${encodeURIComponent(ispId)}`;
export const exportPath = (ispId: string) => `/admin/misctools/isp/${encodeURIComponent(ispId)}/export`;

const statusColors: Record<IspStatus, string> = {
  UPLOADED: 'gray',
  PROCESSING: 'blue',
  ANALYZED: 'cyan',
  COMPLETED: 'teal',
  VERIFIED: 'green',
  ERROR: 'red',
};
/** Statuses in the order an ISP runs through them (ERROR last). */
export const ispStatusOrder: readonly IspStatus[] = [
  'UPLOADED',
  'PROCESSING',
  'ANALYZED',
  'COMPLETED',
  'VERIFIED',
  'ERROR',
];
export const ispStatusOptions = ispStatusOrder.map((status) => ({ value: status, label: status }));

export function IspStatusBadge({ status }: { status: IspStatus }) {
  return (
    <Badge
      color={statusColors[status]}
      variant="light"
      data-testid="isp-status"
      style={{ minWidth: 'max-content' }}
    >
      {status}
    </Badge>
  );
}

const protocolColors: Record<ProtocolStatus, string> = {
  DRAFT: 'gray',
  REVIEWED: 'blue',
  NEEDS_INFO: 'orange',
  FINALIZED: 'green',
};
export function ProtocolStatusBadge({ status }: { status: ProtocolStatus }) {
  return (
    <Badge color={protocolColors[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {status === 'NEEDS_INFO' ? 'NEEDS INFO' : status}
    </Badge>
  );
}

/** The reason an ISP is in ERROR, in words a person understands, with what to do (`ispProblemMessages`). */
export function ispErrorText(isp: Pick<IspSummary, 'problem' | 'errorMessage'>): string {
  if (isp.problem) return ispProblemMessages[isp.problem];
  return isp.errorMessage ?? 'Processing stopped. Retry it; if it fails again, contact support.';
}

/**
 * An ISP's processing job in a list: a small bar and the step (or the job's error, or the ISP's problem);
 * "Not started" before a job was queued.
 */
export function IspJobCell({ isp }: { isp: IspSummary }) {
  if (isp.status === 'ERROR')
    return (
      <Text size="sm" c="red.8" maw={320} data-testid="isp-error">
        {ispErrorText(isp)}
      </Text>
    );
  const job = isp.job;
  if (!job) return <Text size="sm">Not started</Text>;
  const running = job.status === 'QUEUED' || job.status === 'RUNNING';
  const label = running
    ? job.interrupted
      ? 'Interrupted, resuming'
      : (job.step ?? (job.status === 'QUEUED' ? 'Waiting to start' : 'Processing'))
    : job.status === 'COMPLETED'
      ? 'Processed'
      : (job.error ?? 'Stopped');
  return (
    <Stack gap={2} miw={140} maw={260}>
      <Progress
        value={job.progress}
        size="sm"
        striped={running}
        animated={running}
        color={job.status === 'COMPLETED' ? 'green' : job.interrupted ? 'orange' : undefined}
        aria-label={`Processing of ${isp.fileName}: ${job.progress}%`}
      />
      <Text size="xs">
        {label} · {job.progress}%
      </Text>
    </Stack>
  );
}

/** "3 of 5 done" (FINALIZED or excluded); without protocols "None yet", "No risks found", or "None" in ERROR. */
export function protocolCountText(isp: Pick<IspSummary, 'protocolCount' | 'protocolsDone' | 'status'>) {
  if (isp.protocolCount === 0) {
    if (isp.status === 'ERROR') return 'None';
    return isp.status === 'COMPLETED' || isp.status === 'VERIFIED' ? 'No risks found' : 'None yet';
  }
  return `${formatCount(isp.protocolsDone)} of ${formatCount(isp.protocolCount)} done`;
}

/**
 * The counts per status as toggle buttons (pressed = the current filter): "All 12", "ERROR 1", …. Choosing the
 * pressed one again clears the filter.
 */
export function IspStatusCounts({
  counts,
  value,
  onChange,
  label,
}: {
  counts: Record<string, number> | undefined;
  value: IspStatus | undefined;
  onChange: (status: IspStatus | undefined) => void;
  label: string;
}) {
  const total = ispStatusOrder.reduce((sum, status) => sum + (counts?.[status] ?? 0), 0);
  return (
    <Group gap="xs" role="group" aria-label={label} wrap="wrap">
      <Button
        size="compact-sm"
        variant={value === undefined ? 'filled' : 'default'}
        aria-pressed={value === undefined}
        onClick={() => onChange(undefined)}
      >
        All {counts ? formatCount(total) : ''}
      </Button>
      {ispStatusOrder.map((status) => (
        <Button
          key={status}
          size="compact-sm"
          color={statusColors[status]}
          variant={value === status ? 'filled' : 'default'}
          aria-pressed={value === status}
          onClick={() => onChange(value === status ? undefined : status)}
        >
          {status} {counts ? formatCount(counts[status] ?? 0) : ''}
        </Button>
      ))}
    </Group>
  );
}

/** Links between the ISP pages (the current one left out). */
export function IspPageLinks({ current }: { current: string }) {
  const links = [
    { to: ISP_LIST_PATH, label: 'ISPs' },
    { to: ISP_UPLOAD_PATH, label: 'Upload an ISP' },
    { to: PROCESS_PATH, label: 'Process queue' },
    { to: PROTOCOLS_PATH, label: 'Protocols' },
    { to: '/test-protocol-creation', label: 'Extraction test' },
  ].filter((link) => link.to !== current);
  return (
    <Group gap="md" wrap="wrap" component="nav" aria-label="ISP pages">
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} size="sm">
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * The frame of an ISP page without a layout (route layout `none`): its own `main` with one h1, a back link to
 * the ISP list and the links to the other ISP pages.
 */
export function BarePageFrame({
  title,
  intro,
  current,
  children,
}: {
  title: string;
  intro: ReactNode;
  current: string;
  children: ReactNode;
}) {
  return (
    <Box component="main" id="main" tabIndex={-1} py="md" px={{ base: 'xs', sm: 'md' }}>
      <Container size="xl" px={0}>
        <Stack gap="md">
          <Anchor component={Link} to={ISP_LIST_PATH} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              Back to ISPs
            </Group>
          </Anchor>
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed" size="sm" mt={4} maw={760}>
              {intro}
            </Text>
          </div>
          <IspPageLinks current={current} />
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
