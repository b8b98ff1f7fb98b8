/**
 * `/ocr-documents/:id` (issue 23; spec s.2 "client-only rendering"; docs/ocr-documents.md): the viewer, drawn in the
 * browser from the page image (served by the API, same origin) and the words' boxes. Each word is a button over the
 * image, outlined by confidence (green ≥ 85 %, yellow ≥ 60 %, red below); hovering or focusing one shows its text and
 * confidence. Words are selected by click, shift-click (a range) or a box dragged over the image, or from the
 * keyboard (Tab to a word, Enter/Space to toggle, Shift+Enter for a range). The page's text is shown beside the image,
 * selected words highlighted. The marking panel assigns the selection to a row's fields (date, start, end, caregiver
 * name, client name, billing code; each editable), several rows per document, and "Stage n rows" sends them to
 * staging; the rows already staged are listed with their staging ids. While OCR runs the page shows its progress.
 */
import { useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Code,
  Group,
  Loader,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { OcrDocumentDetail, OcrPage } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { pageImageUrl, useOcrDocument } from '../api/ocr-documents.ts';
import { MarkingPanel } from '../components/marking-panel.tsx';
import {
  clickWord,
  confidenceColor,
  selectInBox,
  type Box as PixelBox,
} from '../components/word-selection.ts';
import { OcrStatusBadge } from './ocr-documents-page.tsx';

/**
 * Zoom levels of the page image (share of its pixels). The smallest is 50 %: at that size the words of a 200 dpi scan
 * are targets at least 24 px apart (WCAG 2.5.8); fitting a page into a phone's width would make them unusable, so
 * the image scrolls instead.
 */
const ZOOMS = [0.5, 0.75, 1] as const;

const outline = { green: '#2f9e44', yellow: '#e8a200', red: '#e03131' } as const;

/** See the module comment. */
export function OcrDocumentPage() {
  const { id = '' } = useParams();
  const document = useOcrDocument(id);
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/ocr-documents" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          All OCR documents
        </Group>
      </Anchor>
      {document.isPending ? (
        <Loader size="sm" aria-label="Loading the document" />
      ) : document.error ? (
        <ApiErrorAlert error={document.error} title="The document could not be loaded" />
      ) : (
        <DocumentView document={document.data} />
      )}
    </Stack>
  );
}

function DocumentView({ document }: { document: OcrDocumentDetail }) {
  const [pageIndex, setPageIndex] = useState(0);
  const page = document.pages[pageIndex];
  return (
    <Stack gap="md">
      <div>
        <Group gap="sm">
          <Title order={1} size="h2" style={{ wordBreak: 'break-all' }}>
            {document.fileName}
          </Title>
          <OcrStatusBadge status={document.status} />
        </Group>
        <Text c="dimmed" size="sm" mt={4}>
          {document.status === 'DONE'
            ? `${document.pageCount ?? 0} page${document.pageCount === 1 ? '' : 's'} read, mean confidence ${Math.round(document.meanConfidence ?? 0)}%. Select words on the image, assign them to a row's fields, then stage the rows.`
            : 'Tend reads the document on this server; the words appear here when it is done.'}
        </Text>
      </div>
      {document.status === 'QUEUED' || document.status === 'PROCESSING' ? (
        <Paper withBorder p="md" radius="md">
          <Text size="sm" role="status">
            {document.progressMessage ?? 'Waiting to start'}
          </Text>
          <Progress value={document.progress} size="lg" mt="xs" aria-label="OCR progress" />
        </Paper>
      ) : null}
      {document.status === 'FAILED' ? (
        <Alert color="red" title="The document could not be read">
          {document.errorMessage ?? 'Upload the file again.'} Nothing was kept but the file.
        </Alert>
      ) : null}
      {document.pages.length > 1 ? (
        <SegmentedControl
          aria-label="Page"
          value={String(pageIndex)}
          onChange={(value) => setPageIndex(Number(value))}
          data={document.pages.map((p, index) => ({ value: String(index), label: `Page ${p.pageNumber}` }))}
        />
      ) : null}
      {page ? <PageView key={page.pageNumber} document={document} page={page} /> : null}
      <StagedRows document={document} />
    </Stack>
  );
}

/** One page: the image with its words, the text, and the marking panel. */
function PageView({ document, page }: { document: OcrDocumentDetail; page: OcrPage }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [zoom, setZoom] = useState<number>(ZOOMS[0]);
  const shown = hovered === null ? null : page.words[hovered];
  const toggle = (index: number, range: boolean) => {
    setSelected((current) => clickWord(current, index, anchor, range));
    setAnchor(index);
  };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Stack gap="xs">
        {/* One line of fixed height: a hint that changed the image's place would move the word under the pointer. */}
        <Text size="sm" aria-live="polite" h={22} truncate="end">
          {shown
            ? `“${shown.text}”, confidence ${Math.round(shown.confidence)}%`
            : `${page.words.length} words: hover or focus one for its confidence, drag a box to select several.`}
        </Text>
        <SegmentedControl
          aria-label="Zoom"
          size="xs"
          value={String(zoom)}
          onChange={(value) => setZoom(Number(value))}
          data={ZOOMS.map((value) => ({ value: String(value), label: `${value * 100}%` }))}
          w="fit-content"
        />
        <PageImage
          document={document}
          page={page}
          zoom={zoom}
          selected={selected}
          onToggle={toggle}
          onBox={(box, add) => setSelected((current) => selectInBox(page.words, box, current, add))}
          onHover={setHovered}
        />
        <Group gap="xs">
          <Legend color="green" label="85% or more" />
          <Legend color="yellow" label="60–84%" />
          <Legend color="red" label="under 60%" />
        </Group>
      </Stack>
      <Stack gap="md">
        <MarkingPanel
          documentId={document.id}
          page={page}
          selected={selected}
          onAssigned={() => setSelected(new Set())}
          disabled={document.status !== 'DONE'}
        />
        <PageText page={page} selected={selected} />
      </Stack>
    </SimpleGrid>
  );
}

function Legend({ color, label }: { color: keyof typeof outline; label: string }) {
  return (
    <Group gap={4}>
      <Box w={14} h={14} style={{ border: `2px solid ${outline[color]}` }} aria-hidden />
      <Text size="xs">{label}</Text>
    </Group>
  );
}

interface PageImageProps {
  document: OcrDocumentDetail;
  page: OcrPage;
  zoom: number;
  selected: ReadonlySet<number>;
  onToggle: (index: number, range: boolean) => void;
  onBox: (box: PixelBox, add: boolean) => void;
  onHover: (index: number | null) => void;
}

/** The page image with a button per word, positioned in percent of the image (so it scales with the width). */
function PageImage({ document, page, zoom, selected, onToggle, onBox, onHover }: PageImageProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<PixelBox | null>(null);
  const toPixels = (event: ReactPointerEvent) => {
    const rect = frame.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return {
      x: ((event.clientX - rect.left) / rect.width) * page.width,
      y: ((event.clientY - rect.top) / rect.height) * page.height,
    };
  };
  return (
    <Box style={{ overflow: 'auto', maxHeight: '75vh', border: '1px solid var(--mantine-color-gray-4)' }}>
      <Box
        ref={frame}
        pos="relative"
        w={page.width * zoom}
        style={{ touchAction: 'none', userSelect: 'none' }}
        onPointerDown={(event) => {
          if ((event.target as HTMLElement).dataset.word !== undefined) return;
          const { x, y } = toPixels(event);
          setDrag({ x0: x, y0: y, x1: x, y1: y });
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          if (!drag) return;
          const { x, y } = toPixels(event);
          setDrag({ ...drag, x1: x, y1: y });
        }}
        onPointerUp={(event) => {
          if (drag && Math.abs(drag.x1 - drag.x0) + Math.abs(drag.y1 - drag.y0) > 8)
            onBox(drag, event.shiftKey);
          setDrag(null);
        }}
      >
        <img
          src={pageImageUrl(document.id, page.pageNumber)}
          alt={`Page ${page.pageNumber} of ${document.fileName} as scanned`}
          style={{ display: 'block', width: '100%', height: 'auto' }}
          draggable={false}
        />
        {page.words.map((word, index) => (
          <WordButton
            key={index}
            index={index}
            page={page}
            selected={selected.has(index)}
            onToggle={onToggle}
            onHover={onHover}
          />
        ))}
        {drag ? (
          <Box
            aria-hidden
            style={{
              position: 'absolute',
              left: percent(Math.min(drag.x0, drag.x1), page.width),
              top: percent(Math.min(drag.y0, drag.y1), page.height),
              width: percent(Math.abs(drag.x1 - drag.x0), page.width),
              height: percent(Math.abs(drag.y1 - drag.y0), page.height),
              border: '2px dashed var(--mantine-color-blue-7)',
              background: 'rgba(34, 139, 230, 0.1)',
              pointerEvents: 'none',
            }}
          />
        ) : null}
      </Box>
    </Box>
  );
}

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

interface WordButtonProps {
  index: number;
  page: OcrPage;
  selected: boolean;
  onToggle: (index: number, range: boolean) => void;
  onHover: (index: number | null) => void;
}

/** One word over the image: outlined by confidence, filled when selected; its text and confidence as its name. */
function WordButton({ index, page, selected, onToggle, onHover }: WordButtonProps) {
  const word = page.words[index];
  if (!word) return null;
  return (
    <button
      type="button"
      data-word={index}
      aria-pressed={selected}
      aria-label={`${word.text}, confidence ${Math.round(word.confidence)}%`}
      title={`${word.text} (${Math.round(word.confidence)}%)`}
      onClick={(event) => onToggle(index, event.shiftKey)}
      onMouseEnter={() => onHover(index)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(index)}
      onBlur={() => onHover(null)}
      style={{
        position: 'absolute',
        left: percent(word.x0, page.width),
        top: percent(word.y0, page.height),
        width: percent(word.x1 - word.x0, page.width),
        height: percent(word.y1 - word.y0, page.height),
        border: `2px solid ${outline[confidenceColor(word.confidence)]}`,
        background: selected ? 'rgba(34, 139, 230, 0.35)' : 'transparent',
        padding: 0,
        cursor: 'pointer',
      }}
    />
  );
}

/** The page's text by lines, the selected words highlighted. */
function PageText({ page, selected }: { page: OcrPage; selected: ReadonlySet<number> }) {
  const lines = useMemo(() => {
    const byLine = new Map<number, { text: string; index: number }[]>();
    page.words.forEach((word, index) => {
      byLine.set(word.line, [...(byLine.get(word.line) ?? []), { text: word.text, index }]);
    });
    return [...byLine.values()];
  }, [page.words]);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Text read
      </Title>
      {lines.length ? (
        <Stack gap={2} data-testid="ocr-text">
          {lines.map((line, lineIndex) => (
            <Text key={lineIndex} size="sm" ff="monospace">
              {line.map((word, position) => (
                <span key={word.index}>
                  {position ? ' ' : null}
                  {selected.has(word.index) ? <mark>{word.text}</mark> : word.text}
                </span>
              ))}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No words were found on this page. If it is not blank, scan it again at 200–300 dpi.
        </Text>
      )}
    </Paper>
  );
}

/** The rows staged from this document, with their staging ids. */
function StagedRows({ document }: { document: OcrDocumentDetail }) {
  if (!document.stagedRows.length) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Staged rows <Badge variant="light">{document.stagedRows.length}</Badge>
        </Title>
        <Anchor component={Link} to="/staging/manage" size="sm">
          Review them in staging
        </Anchor>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="ocr-staged-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">Start</Table.Th>
              <Table.Th scope="col">End</Table.Th>
              <Table.Th scope="col">Caregiver</Table.Th>
              <Table.Th scope="col">Client</Table.Th>
              <Table.Th scope="col">Code</Table.Th>
              <Table.Th scope="col">Staging id</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {document.stagedRows.map((row) => (
              <Table.Tr key={row.stagingShiftId}>
                <Table.Td>{row.date}</Table.Td>
                <Table.Td>{row.start}</Table.Td>
                <Table.Td>{row.end}</Table.Td>
                <Table.Td>{row.caregiverName}</Table.Td>
                <Table.Td>{row.clientName}</Table.Td>
                <Table.Td>{row.billingCode ?? '—'}</Table.Td>
                <Table.Td>
                  <Code>{row.stagingShiftId.slice(0, 8)}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
