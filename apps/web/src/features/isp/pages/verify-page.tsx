/**
 * `/verify?id=<ispId>` (issue 19 "Review and verification"; spec s.2 `/verify`; docs/isp-screens.md): the ISP's PDF in
 * the annotating viewer beside its extracted protocols (stacked on narrow screens). Each protocol is edited, its
 * thresholds confirmed, its status set (who and when shown) or it is excluded with a reason; "Verify ISP" is enabled
 * once every protocol is FINALIZED or excluded and the ISP then shows VERIFIED with who and when. Focusing a field
 * highlights its source in the PDF. Stamps and free text are saved as a new PDF version (the original is never
 * overwritten) and the viewer reopens it. Layout 'none': the page renders its own `main`, one `h1`, and a link back to
 * the ISP list. Admin only (the route guard).
 */
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  List,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { IspChanges, IspDetail, SourceBox } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { ExactTime, RelativeTime } from '../../../components/ui/relative-time.tsx';
import { LazyPdfViewer } from '../../../components/ui/pdf-viewer/index.tsx';
import { ispPdfUrl, useIsp, useSaveIspPdfVersion, useVerifyIsp } from '../api/review.ts';
import { ProtocolReviewCard } from '../components/protocol-review-card.tsx';

const ISP_LIST_PATH = '/admin/misctools/isp';
const processing = new Set(['UPLOADED', 'PROCESSING', 'ANALYZED']);

export function VerifyPage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  return (
    <Box component="main" id="main" px={{ base: 'xs', sm: 'md' }} py="md" maw={1800} mx="auto">
      <Stack gap="md">
        <Anchor component={Link} to={ISP_LIST_PATH} size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Back to ISPs
          </Group>
        </Anchor>
        {id ? (
          <VerifyIsp id={id} />
        ) : (
          <>
            <Title order={1}>Verify ISP</Title>
            <Alert color="blue" title="No ISP chosen">
              Open an ISP from the{' '}
              <Anchor component={Link} to={ISP_LIST_PATH}>
                ISP list
              </Anchor>{' '}
              to review its protocols.
            </Alert>
          </>
        )}
      </Stack>
    </Box>
  );
}

function VerifyIsp({ id }: { id: string }) {
  const isp = useIsp(id);
  if (isp.isPending) return <PageLoader />;
  if (isp.error)
    return (
      <>
        <Title order={1}>Verify ISP</Title>
        <ApiErrorAlert
          error={isp.error}
          title={
            isp.error instanceof ApiError && isp.error.status === 404 ? 'ISP not found' : 'ISP not loaded'
          }
        />
      </>
    );
  return <IspReview isp={isp.data} />;
}

/**
 * The pages area's height beside the protocols (md and wider): the viewport less the PDF column's heading, version
 * picker and two toolbars (about 250 px), at least 480 px, so the PDF stays readable beside long protocol cards.
 */
const SIDE_BY_SIDE_PAGES_HEIGHT = 'max(480px, calc(100dvh - 250px))';

function IspReview({ isp }: { isp: IspDetail }) {
  const review = useIspReview(isp);
  // Mantine's md breakpoint: side by side (the PDF column sticks to the top of the viewport), stacked below it.
  const sideBySide = useMediaQuery('(min-width: 62em)') ?? false;
  return (
    <Stack gap="md">
      <IspReviewHeader isp={isp} />
      <IspStatePanel isp={isp} review={review} />
      {isp.warnings.length > 0 && (
        <Alert color="yellow" title="Notes from processing">
          <List size="sm">
            {isp.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Changes changes={isp.changes} />

      {/* Side by side from Mantine's md breakpoint (62em, about 1000 px), stacked below it. */}
      <Grid gap="md" align="flex-start">
        <Grid.Col
          span={{ base: 12, md: 7 }}
          data-testid="isp-pdf-column"
          style={sideBySide ? { position: 'sticky', top: 0, alignSelf: 'flex-start' } : undefined}
        >
          <PdfColumn
            isp={isp}
            review={review}
            pagesHeight={sideBySide ? SIDE_BY_SIDE_PAGES_HEIGHT : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ProtocolsColumn isp={isp} review={review} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

type IspReviewState = ReturnType<typeof useIspReview>;

/** Which protocols the verify answer (409 ISP_NOT_READY) named, by protocol id (`protocols.<id>` field errors). */
function verifyProblemsOf(error: Error | null): Map<string, string> {
  const byProtocol = new Map<string, string>();
  if (error instanceof ApiError)
    for (const item of error.fieldErrors) {
      const match = /^protocols\.(.+)$/.exec(item.path);
      if (match?.[1]) byProtocol.set(match[1], item.message);
    }
  return byProtocol;
}

/**
 * The review page's state: the PDF version shown (the ISP's current one until another is chosen or saved), the source
 * boxes to highlight, saving an annotated PDF, and verifying (enabled once every protocol is FINALIZED or excluded).
 */
function useIspReview(isp: IspDetail) {
  const [highlights, setHighlights] = useState<SourceBox[]>([]);
  const [pdfVersion, setPdfVersion] = useState<number | null>(null);
  const version = pdfVersion ?? isp.currentPdfVersion;
  const savePdf = useSaveIspPdfVersion(isp.id);
  const verify = useVerifyIsp(isp.id);
  const verifyProblems = useMemo(() => verifyProblemsOf(verify.error), [verify.error]);
  return {
    highlights,
    setHighlights,
    version,
    setPdfVersion,
    savePdf,
    verify,
    verifyProblems,
    verified: isp.status === 'VERIFIED',
    ready: isp.protocols.length > 0 && isp.protocols.every((p) => p.excluded || p.status === 'FINALIZED'),
    pdfUrl: ispPdfUrl(isp.id, version),
    remaining: isp.protocols.filter((p) => !p.excluded && p.status !== 'FINALIZED').length,
  };
}

/** The h1 with the client's name, the file, plan dates and who uploaded it, and the ISP's status badge. */
function IspReviewHeader({ isp }: { isp: IspDetail }) {
  const verified = isp.status === 'VERIFIED';
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <div>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          Verify ISP: {isp.clientName}
        </Title>
        <Text c="dimmed" size="sm">
          {isp.fileName}
          {isp.planStart && isp.planEnd ? ` · plan ${isp.planStart} to ${isp.planEnd}` : ''} · uploaded{' '}
          <RelativeTime value={isp.createdAt} />
          {isp.uploadedByName ? ` by ${isp.uploadedByName}` : ''}
        </Text>
      </div>
      <Badge size="lg" color={verified ? 'green' : isp.status === 'ERROR' ? 'red' : 'blue'}>
        {isp.status}
      </Badge>
    </Group>
  );
}

/** Verified (who and when), failed, still processing (progress), or ready to review with "Verify ISP". */
function IspStatePanel({ isp, review }: { isp: IspDetail; review: IspReviewState }) {
  if (review.verified)
    return (
      <Alert color="green" icon={<IconCircleCheck size={18} />} title="Verified" data-testid="isp-verified">
        Verified by {isp.verifiedByName ?? 'someone no longer here'} on <ExactTime value={isp.verifiedAt} />.
        Its protocols are read-only now; upload a new ISP to change them.
      </Alert>
    );
  if (isp.status === 'ERROR')
    return (
      <Alert color="red" role="alert" title="This ISP could not be processed">
        {isp.errorMessage ?? 'Processing failed.'} Retry it or upload the file again from the ISP list.
      </Alert>
    );
  if (processing.has(isp.status))
    return (
      <Paper withBorder p="md">
        <Stack gap={6}>
          <Text role="status">{isp.job?.step ?? 'Waiting to be processed…'}</Text>
          <Progress value={isp.job?.progress ?? 0} striped animated aria-label="Processing progress" />
          <Text size="sm" c="dimmed">
            The protocols appear here when processing completes.
          </Text>
        </Stack>
      </Paper>
    );
  return <VerifyBar isp={isp} review={review} />;
}

/** How many protocols are left to finalize or exclude, "Verify ISP", and the verify answer's error. */
function VerifyBar({
  isp,
  review: { verify, ready, remaining, verifyProblems },
}: {
  isp: IspDetail;
  review: IspReviewState;
}) {
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          {isp.protocols.length === 0
            ? 'No protocols were found in this ISP.'
            : remaining === 0
              ? 'Every protocol is finalized or excluded: the ISP can be verified.'
              : `${remaining} of ${isp.protocols.length} protocols still to finalize or exclude.`}
        </Text>
        <Button
          color="green"
          disabled={!ready || verify.isPending}
          loading={verify.isPending}
          onClick={() => verify.mutate()}
        >
          Verify ISP
        </Button>
      </Group>
      {verify.error && !(verify.error instanceof ApiError && verify.error.code === 'ISP_NOT_READY') && (
        <ApiErrorAlert error={verify.error} title="Not verified" />
      )}
      {verify.error instanceof ApiError && verify.error.code === 'ISP_NOT_READY' && (
        <Alert color="red" role="alert" title="Not ready for verification" mt="xs">
          {verifyProblems.size > 0
            ? `${verifyProblems.size} protocol(s), marked below, are neither finalized nor excluded.`
            : verify.error.message}
        </Alert>
      )}
    </Paper>
  );
}

/**
 * The PDF: version picker (the original is never overwritten), save error, and the annotating viewer (its pages area
 * `pagesHeight` tall, the viewer's own default when stacked).
 */
function PdfColumn({
  isp,
  review,
  pagesHeight,
}: {
  isp: IspDetail;
  review: IspReviewState;
  pagesHeight: string | undefined;
}) {
  const { version, setPdfVersion, savePdf, pdfUrl, highlights } = review;
  return (
    <Stack gap="xs" style={{ minWidth: 0 }}>
      <Title order={2} fz="h3">
        PDF
      </Title>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label="PDF version"
          size="xs"
          w={260}
          allowDeselect={false}
          value={String(version)}
          onChange={(value) => value && setPdfVersion(Number(value))}
          data={isp.pdfVersions.map((item) => ({
            value: String(item.version),
            label:
              item.version === 1
                ? 'Version 1 (original upload)'
                : `Version ${item.version}${item.createdByName ? ` by ${item.createdByName}` : ''}`,
          }))}
        />
        <Text size="xs" c="dimmed" data-testid="pdf-version-count">
          {isp.pdfVersions.length} version{isp.pdfVersions.length === 1 ? '' : 's'} stored; the original is
          never overwritten.
        </Text>
      </Group>
      {savePdf.error && <ApiErrorAlert error={savePdf.error} title="Annotated PDF not saved" />}
      <Suspense fallback={<PageLoader />}>
        <LazyPdfViewer
          key={pdfUrl}
          url={pdfUrl}
          label={`ISP PDF, version ${version}`}
          highlights={highlights}
          height={pagesHeight}
          onSave={async (bytes) => {
            const saved = await savePdf.mutateAsync({ bytes });
            setPdfVersion(saved.version);
          }}
        />
      </Suspense>
    </Stack>
  );
}

/** The protocol cards (read-only once verified, marked when the verify answer named them) and superseded count. */
function ProtocolsColumn({ isp, review }: { isp: IspDetail; review: IspReviewState }) {
  return (
    <Stack gap="sm" style={{ minWidth: 0 }}>
      <Title order={2} fz="h3">
        Protocols ({isp.protocols.length})
      </Title>
      {isp.protocols.length === 0 && !processing.has(isp.status) && (
        <Text c="dimmed">
          No risk protocols were extracted. Check the PDF: if it has risks, upload a copy with a text layer or
          add them from the protocols page.
        </Text>
      )}
      {isp.protocols.map((protocol) => (
        <ProtocolReviewCard
          key={protocol.id}
          protocol={protocol}
          readOnly={review.verified}
          verifyProblem={review.verifyProblems.get(protocol.id)}
          onFocusSource={review.setHighlights}
        />
      ))}
      {isp.supersededProtocols.length > 0 && (
        <Text size="sm" c="dimmed">
          {isp.supersededProtocols.length} earlier version(s) of locked protocols are kept, read-only.
        </Text>
      )}
    </Stack>
  );
}

const changeLabels = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  unchanged: 'Unchanged',
} as const;

function Changes({ changes }: { changes: IspChanges }) {
  if (!changes) return null;
  const shown = changes.items.filter((item) => item.kind !== 'unchanged');
  return (
    <Paper withBorder p="sm">
      <Title order={2} fz="h4" mb={4}>
        Changes since the last verified ISP
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        Compared with the ISP verified <ExactTime value={changes.previousVerifiedAt} />.
      </Text>
      {shown.length === 0 ? (
        <Text size="sm">No risk changed.</Text>
      ) : (
        <List size="sm" spacing={2}>
          {shown.map((item) => (
            <List.Item key={`${item.kind}-${item.riskType}`}>
              <strong>{changeLabels[item.kind]}:</strong> {item.riskType}
              {item.fields.length > 0 ? ` (${item.fields.join(', ')})` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
