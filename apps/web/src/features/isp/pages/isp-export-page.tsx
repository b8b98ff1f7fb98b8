/**
 * `/admin/misctools/isp/:id/export` (issue 19 "Export and reports"; docs/isp-export.md, docs/isp-screens.md): how
 * many of the ISP's protocols are FINALIZED (only those are exported); "Create caregiver PDF" in English or
 * Spanish (`POST /api/isps/:id/exports`), the stored exports with their report reference (client, report type,
 * year, period, file name, size, protocols, created when and by whom) and a Download link (the stored PDF as an
 * attachment); and the email-ready variant (`GET …/export-email`, honouring the email include flags) previewed:
 * its subject and text part, and on request its HTML in an iframe sandboxed with no permission at all
 * (`sandbox=""`), so no script in it can run. A 409 ISP_NOT_READY (no FINALIZED protocol) reads "Finalize protocols
 * first" with a link to the review page.
 */
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ispEndpoints, type IspExport, type IspExportLocale } from '@tend/contracts';
import { ApiErrorAlert, LoadErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ExactTime } from '../../../components/ui/relative-time.tsx';
import { ApiError, apiCall } from '../../../lib/api-client.ts';
import { formatCount, formatFileSize } from '../../../lib/format/index.ts';
import { useMe } from '../../../lib/me.ts';
import { ispExportFileUrl, useCreateIspExport, useIspExportEmail, useIspExports } from '../api/isps.ts';
import { ISP_LIST_PATH, IspStatusBadge, verifyPath } from '../components/isp-parts.tsx';

const localeOptions = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
];

const isNotReady = (error: unknown) => error instanceof ApiError && error.code === 'ISP_NOT_READY';

/** The ISP's current protocols (client name, ISP status and how many are FINALIZED and not excluded). */
function useIspProtocolCounts(ispId: string) {
  const query = { ispId, pageSize: 200 } as const;
  return useQuery({
    queryKey: ['protocols', 'of-isp', ispId] as const,
    queryFn: ({ signal }) => apiCall(ispEndpoints.findProtocols, { query, signal }),
  });
}

/** See the module comment. */
export function IspExportPage() {
  const { id = '' } = useParams();
  const protocols = useIspProtocolCounts(id);
  const [locale, setLocale] = useState<IspExportLocale>('en');
  const items = protocols.data?.items ?? [];
  const first = items[0];
  const finalized = items.filter((p) => p.status === 'FINALIZED' && !p.excluded).length;
  const excluded = items.filter((p) => p.excluded).length;
  const notReady = items.length - finalized - excluded;
  return (
    <Stack gap="md" maw={1000}>
      <Anchor component={Link} to={ISP_LIST_PATH} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Back to ISPs
        </Group>
      </Anchor>
      <div>
        <Title order={1} size="h2">
          Export ISP protocols
        </Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>
          The caregiver document lists the finalized protocols of this ISP, serious risks first, each with the
          sections chosen on the Protocols page. It is stored with its report reference and can be downloaded
          again.
        </Text>
      </div>
      {protocols.isPending ? (
        <Skeleton h={60} />
      ) : protocols.error ? (
        <LoadErrorAlert
          title="The ISP’s protocols could not be loaded"
          error={protocols.error}
          onRetry={() => void protocols.refetch()}
        />
      ) : (
        <Paper withBorder p="md" radius="md">
          <Group gap="sm" wrap="wrap">
            <Text fw={600}>{first?.clientName ?? 'This ISP'}</Text>
            {first ? <IspStatusBadge status={first.ispStatus} /> : null}
            <Text size="sm" data-testid="finalized-count">
              {formatCount(finalized)} of {formatCount(items.length)} protocols finalized
              {excluded ? ` · ${formatCount(excluded)} excluded` : ''}
            </Text>
            <Anchor component={Link} to={verifyPath(id)} size="sm">
              Review the protocols
            </Anchor>
          </Group>
          {notReady > 0 && finalized > 0 ? (
            <Text size="sm" c="dimmed" mt={6}>
              {formatCount(notReady)} protocols are not finalized yet and are left out of the document.
            </Text>
          ) : null}
        </Paper>
      )}
      <SegmentedControl
        aria-label="Language of the document and the email"
        data={localeOptions}
        value={locale}
        onChange={(value) => setLocale(value as IspExportLocale)}
        w={{ base: '100%', sm: 260 }}
      />
      <CreateExport ispId={id} locale={locale} />
      <Exports ispId={id} clientName={first?.clientName ?? null} />
      <EmailPreview ispId={id} locale={locale} />
    </Stack>
  );
}

/** "Finalize protocols first", with the way to the review page. */
function FinalizeFirst({ ispId }: { ispId: string }) {
  return (
    <Alert color="yellow" variant="light" title="Finalize protocols first" data-testid="not-ready">
      <Text size="sm">
        Only FINALIZED protocols are exported. Review this ISP’s protocols, confirm their thresholds and
        finalize them, then come back.{' '}
        <Anchor component={Link} to={verifyPath(ispId)}>
          Review the protocols
        </Anchor>
      </Text>
    </Alert>
  );
}

function CreateExport({ ispId, locale }: { ispId: string; locale: IspExportLocale }) {
  const create = useCreateIspExport(ispId);
  return (
    <Stack gap="xs">
      <Group>
        <Button
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          loading={create.isPending}
          onClick={() => create.mutate({ locale })}
        >
          Create caregiver PDF ({locale === 'es' ? 'Spanish' : 'English'})
        </Button>
      </Group>
      <Text size="sm" role="status" aria-live="polite" data-testid="export-created">
        {create.data ? `Created ${create.data.fileName} (${formatFileSize(create.data.size)}).` : ''}
      </Text>
      {create.error ? (
        isNotReady(create.error) ? (
          <FinalizeFirst ispId={ispId} />
        ) : (
          <ApiErrorAlert error={create.error} title="The caregiver PDF was not created" />
        )
      ) : null}
    </Stack>
  );
}

/** Who created a stored document, as the signed-in admin reads it: "you", "another administrator" or "—". */
export function createdByWords(item: IspExport, myAccountId: string | undefined): string {
  if (item.createdBy === null) return '—';
  return item.createdBy === myAccountId ? 'you' : 'another administrator';
}

/** The ISP's stored caregiver documents, each with its report reference and a Download link. */
function Exports({ ispId, clientName }: { ispId: string; clientName: string | null }) {
  const exports = useIspExports(ispId);
  const me = useMe().data;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Stored documents
      </Title>
      {exports.isPending ? (
        <Skeleton h={80} />
      ) : exports.error ? (
        <LoadErrorAlert
          title="The stored documents could not be loaded"
          error={exports.error}
          onRetry={() => void exports.refetch()}
        />
      ) : exports.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No document yet. Create the caregiver PDF above: it is stored here to download.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder striped aria-label="Stored documents">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Report</Table.Th>
                <Table.Th>Protocols</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Download</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exports.data.items.map((item) => (
                <ExportRow
                  key={item.id}
                  ispId={ispId}
                  item={item}
                  clientName={clientName}
                  createdBy={createdByWords(item, me?.userAccountId)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** One stored document: file, report reference, protocols, size, created when and by whom, Download. */
function ExportRow({
  ispId,
  item,
  clientName,
  createdBy,
}: {
  ispId: string;
  item: IspExport;
  clientName: string | null;
  createdBy: string;
}) {
  return (
    <Table.Tr data-testid="isp-export-row">
      <Table.Td style={{ wordBreak: 'break-all' }}>{item.fileName}</Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">{clientName ?? 'Client'}</Text>
          <Group gap={4}>
            <Badge variant="light" size="sm">
              {item.reportType}
            </Badge>
            <Text size="xs">
              {item.year}
              {item.period ? ` · ${item.period}` : ''}
            </Text>
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td>{item.protocolCount === null ? '—' : formatCount(item.protocolCount)}</Table.Td>
      <Table.Td>{formatFileSize(item.size)}</Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <ExactTime value={item.createdAt} />
          <Text size="xs" c="dimmed">
            by {createdBy}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Button
          component="a"
          href={ispExportFileUrl(ispId, item.id)}
          download={item.fileName}
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          aria-label={`Download ${item.fileName}`}
        >
          PDF
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function EmailPreview({ ispId, locale }: { ispId: string; locale: IspExportLocale }) {
  const email = useIspExportEmail(ispId, locale);
  // The text part by default (read by everyone, checked like the page); the HTML part on request, in its frame.
  const [view, setView] = useState<'text' | 'html'>('text');
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Email version
      </Title>
      <Text size="sm" c="dimmed">
        The same protocols as an email, with the sections chosen for emails. Nothing is sent from here.
      </Text>
      {email.isPending ? (
        <Skeleton h={120} />
      ) : email.error ? (
        isNotReady(email.error) ? (
          <FinalizeFirst ispId={ispId} />
        ) : (
          <LoadErrorAlert
            title="The email version could not be made"
            error={email.error}
            onRetry={() => void email.refetch()}
          />
        )
      ) : (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="xs">
            <Text size="sm">
              <Text span fw={600}>
                Subject:
              </Text>{' '}
              <span data-testid="email-subject">{email.data.subject}</span>
            </Text>
            <Text size="xs" c="dimmed">
              {formatCount(email.data.protocolCount)} protocols
            </Text>
            <SegmentedControl
              aria-label="Email view"
              data={[
                { value: 'text', label: 'Text' },
                { value: 'html', label: 'As the email looks' },
              ]}
              value={view}
              onChange={(value) => setView(value)}
              w={{ base: '100%', sm: 320 }}
            />
            {view === 'text' ? (
              <Text
                size="sm"
                component="pre"
                data-testid="email-text"
                style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}
              >
                {email.data.text}
              </Text>
            ) : (
              // sandbox with no token: no script of the email's HTML runs, and no form, popup or navigation.
              <iframe
                title="Email preview"
                sandbox=""
                srcDoc={email.data.html}
                data-testid="email-preview"
                style={{
                  width: '100%',
                  height: 420,
                  border: '1px solid var(--mantine-color-gray-4)',
                  borderRadius: 4,
                }}
              />
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
