/**
 * The alt text dialog of an image stamp (issue 19 "Stamp with alt text"): a description, or "decorative" (then no
 * description is needed and none is stored). Our own Mantine modal in place of pdf.js's, so it is labelled and
 * keyboard-usable like every other dialog; pdf.js keeps the result in the stamp (`altTextData`), and it is written
 * into the saved PDF as the image's alternate description.
 */
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { PDF_VIEWER, altTextProblem, type AltTextInput } from './viewer-rules.ts';

export interface AltTextModalProps {
  opened: boolean;
  initial: AltTextInput;
  onSave: (value: AltTextInput) => void;
  onCancel: () => void;
}

export function AltTextModal({ opened, initial, onSave, onCancel }: AltTextModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Alt text for the image" centered>
      {/* Keyed by opening, so each opening starts from the stamp's current alt text. */}
      {opened && <AltTextForm initial={initial} onSave={onSave} onCancel={onCancel} />}
    </Modal>
  );
}

function AltTextForm({ initial, onSave, onCancel }: Omit<AltTextModalProps, 'opened'>) {
  const [altText, setAltText] = useState(initial.altText);
  const [decorative, setDecorative] = useState(initial.decorative);
  const [touched, setTouched] = useState(false);
  const problem = altTextProblem({ altText, decorative });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!problem) onSave({ altText, decorative });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Alt text describes the image for people who cannot see it. Aim for one or two sentences.
        </Text>
        <Textarea
          label="Description"
          data-autofocus
          autosize
          minRows={2}
          maxLength={PDF_VIEWER.altTextMaxChars}
          disabled={decorative}
          value={decorative ? '' : altText}
          onChange={(event) => setAltText(event.currentTarget.value)}
          error={touched ? problem : null}
        />
        <Checkbox
          label="Decorative image (no description needed)"
          description="For ornaments such as borders or logos that carry no information."
          checked={decorative}
          onChange={(event) => setDecorative(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save alt text</Button>
        </Group>
      </Stack>
    </form>
  );
}
