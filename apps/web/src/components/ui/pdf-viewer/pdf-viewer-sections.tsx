/**
 * The PDF viewer's sections (pdf-viewer.tsx): the "PDF tools" toolbar (thumbnails, page n of m, zoom, fit), the
 * "Annotation tools" toolbar (editor mode, "Add image", "Save as new version"), the pages with their thumbnails, and
 * the "Add an image from an address" dialog. State and handlers come from `usePdfViewer` (use-pdf-viewer.ts).
 */
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Loader,
  Menu,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconDeviceFloppy,
  IconLayoutSidebar,
  IconMaximize,
  IconPhotoPlus,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useId, type DragEvent, type FormEvent, type RefObject } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { Thumbnails } from './thumbnails.tsx';
import type { EditorMode } from './use-pdf-document.ts';

const modeOptions: { value: EditorMode; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'freetext', label: 'Free text' },
  { value: 'highlight', label: 'Highlight' },
  { value: 'stamp', label: 'Stamp' },
];

/** Lets an image be dropped on the pages (anything else keeps the browser's default: no drop). */
function allowImageDrag(event: DragEvent<HTMLDivElement>): void {
  if ([...event.dataTransfer.items].some((item) => item.type.startsWith('image/'))) event.preventDefault();
}

interface PageControlsProps {
  loaded: boolean;
  pageNumber: number;
  pageCount: number;
  goTo: (page: number) => void;
}

/** Previous page, "Page" n "of" m, next page. */
function PageControls({ loaded, pageNumber, pageCount, goTo }: PageControlsProps) {
  const pageInputId = useId();
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Previous page"
        disabled={!loaded || pageNumber <= 1}
        onClick={() => goTo(pageNumber - 1)}
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Group gap={4} wrap="nowrap">
        <VisuallyHidden>
          <label htmlFor={pageInputId}>Page</label>
        </VisuallyHidden>
        <NumberInput
          id={pageInputId}
          w={64}
          min={1}
          max={Math.max(1, pageCount)}
          hideControls
          disabled={!loaded}
          value={pageNumber}
          onChange={(value) => typeof value === 'number' && goTo(value)}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          of {pageCount || '…'}
        </Text>
      </Group>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Next page"
        disabled={!loaded || pageNumber >= pageCount}
        onClick={() => goTo(pageNumber + 1)}
      >
        <IconChevronRight size={18} />
      </ActionIcon>
    </>
  );
}

interface ZoomControlsProps {
  loaded: boolean;
  scale: number;
  zoom: (direction: 1 | -1) => void;
  toggleFit: () => void;
}

/** Zoom out, the zoom in percent, zoom in, fit page / fit width. */
function ZoomControls({ loaded, scale, zoom, toggleFit }: ZoomControlsProps) {
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Zoom out"
        disabled={!loaded}
        onClick={() => zoom(-1)}
      >
        <IconZoomOut size={18} />
      </ActionIcon>
      <Text size="sm" w={44} ta="center" aria-label={`Zoom ${Math.round(scale * 100)} percent`}>
        {Math.round(scale * 100)}%
      </Text>
      <ActionIcon variant="default" size="lg" aria-label="Zoom in" disabled={!loaded} onClick={() => zoom(1)}>
        <IconZoomIn size={18} />
      </ActionIcon>
      <ActionIcon variant="default" size="lg" aria-label="Fit page" disabled={!loaded} onClick={toggleFit}>
        <IconMaximize size={18} />
      </ActionIcon>
    </>
  );
}

export interface ViewToolbarProps extends PageControlsProps, ZoomControlsProps {
  showPages: boolean;
  togglePages: () => void;
}

/** The "PDF tools" toolbar: page thumbnails on/off, page controls, zoom controls. */
export function ViewToolbar({ showPages, togglePages, ...controls }: ViewToolbarProps) {
  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label="PDF tools">
      <Tooltip label={showPages ? 'Hide pages' : 'Show pages'}>
        <ActionIcon
          variant={showPages ? 'light' : 'default'}
          size="lg"
          aria-label="Page thumbnails"
          aria-pressed={showPages}
          onClick={togglePages}
        >
          <IconLayoutSidebar size={18} />
        </ActionIcon>
      </Tooltip>
      <PageControls {...controls} />
      <ZoomControls {...controls} />
    </Group>
  );
}

/** "Add image": from pdf.js's file chooser, or from an address on this site (our dialog). */
function AddImageMenu({
  loaded,
  onFile,
  onAddress,
}: {
  loaded: boolean;
  onFile: () => void;
  onAddress: () => void;
}) {
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          disabled={!loaded}
          leftSection={<IconPhotoPlus size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          Add image
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onFile}>From a file…</Menu.Item>
        <Menu.Item onClick={onAddress}>From an address on this site…</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export interface ModeToolbarProps {
  loaded: boolean;
  mode: EditorMode;
  setMode: (mode: EditorMode) => Promise<void>;
  addStamp: () => Promise<void>;
  openUrlDialog: () => void;
  /** Shown only when the viewer can save (it has `onSave`). */
  canSave: boolean;
  unsaved: boolean;
  saving: boolean;
  save: () => Promise<void>;
}

/** The "Annotation tools" toolbar: editor mode, "Add image", "Save as new version", whether annotations are unsaved. */
export function ModeToolbar(props: ModeToolbarProps) {
  const { loaded, mode, setMode, addStamp, openUrlDialog, canSave, unsaved, saving, save } = props;
  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Annotation tools">
      <SegmentedControl
        aria-label="Annotation mode"
        size="xs"
        disabled={!loaded}
        value={mode}
        onChange={(value) => void setMode(value)}
        data={modeOptions}
      />
      <AddImageMenu loaded={loaded} onFile={() => void addStamp()} onAddress={openUrlDialog} />
      {canSave && (
        <Button
          size="xs"
          leftSection={<IconDeviceFloppy size={16} />}
          disabled={!unsaved || saving}
          loading={saving}
          onClick={() => void save()}
        >
          Save as new version
        </Button>
      )}
      <Text size="xs" c="dimmed" aria-live="polite">
        {unsaved ? 'Unsaved annotations' : 'No unsaved annotations'}
      </Text>
    </Group>
  );
}

export interface PagesAreaProps {
  label: string;
  height: string;
  pdf: PDFDocumentProxy | null;
  error: string | null;
  showPages: boolean;
  pageNumber: number;
  goTo: (page: number) => void;
  onPagesClick: () => void;
  onDrop: (event: DragEvent<HTMLDivElement>) => void;
  containerRef: RefObject<HTMLDivElement | null>;
  viewerRef: RefObject<HTMLDivElement | null>;
}

/** The thumbnails (when shown) beside pdf.js's pages, which take dropped images; "Opening the PDF…" until open. */
export function PagesArea(props: PagesAreaProps) {
  const {
    label,
    height,
    pdf,
    error,
    showPages,
    pageNumber,
    goTo,
    onPagesClick,
    onDrop,
    containerRef,
    viewerRef,
  } = props;
  return (
    <Group align="stretch" gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      {showPages && pdf && (
        <Box
          style={{ height, overflowY: 'auto', flex: 'none', paddingRight: 4 }}
          aria-label="Page thumbnails"
          role="navigation"
        >
          <Thumbnails pdf={pdf} currentPage={pageNumber} onOpen={goTo} />
        </Box>
      )}
      <Box
        style={{
          position: 'relative',
          height,
          flex: 1,
          minWidth: 0,
          background: 'var(--mantine-color-gray-2)',
          borderRadius: 4,
        }}
        onDragOver={allowImageDrag}
        onDrop={onDrop}
      >
        {!pdf && !error && (
          <Group justify="center" pt="xl" role="status">
            <Loader size="sm" />
            <Text size="sm">Opening the PDF…</Text>
          </Group>
        )}
        <div
          ref={containerRef}
          data-testid="pdf-pages"
          tabIndex={0}
          aria-label={`${label}: pages`}
          onClick={onPagesClick}
          style={{ position: 'absolute', inset: 0, overflow: 'auto' }}
        >
          <div ref={viewerRef} className="pdfViewer" />
        </div>
      </Box>
    </Group>
  );
}

export interface StampUrlDialogProps {
  opened: boolean;
  url: string;
  error: string | null;
  setUrl: (url: string) => void;
  close: () => void;
  submit: (event: FormEvent) => void;
}

/** "Add an image from an address": only images on this site (the app loads nothing from other hosts; spec s.2). */
export function StampUrlDialog({ opened, url, error, setUrl, close, submit }: StampUrlDialogProps) {
  return (
    <Modal opened={opened} onClose={close} title="Add an image from an address" centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="Image address"
            description={`Only images on this site (${window.location.origin}) can be used: the app loads nothing from other hosts.`}
            placeholder="/stamps/reviewed.png"
            data-autofocus
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Add image</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
