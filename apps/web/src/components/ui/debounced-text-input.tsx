/**
 * A text filter that commits its value after the user stops typing (default 350 ms), for filters
 * kept in the URL: typing does not push a history entry per key. Follows outside changes of `value`
 * (back button, "Clear filters").
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

export interface DebouncedTextInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
  delay?: number;
}

export function DebouncedTextInput({ value, onCommit, delay = 350, ...props }: DebouncedTextInputProps) {
  const [text, setText] = useState(value ?? '');
  // Follow outside changes of `value` during render (React's "adjusting state when a prop changes"),
  // keeping what the user typed when it already matches the committed value.
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (text.trim() !== (value ?? '')) setText(value ?? '');
  }
  const commit = useDebouncedCallback((next: string) => onCommit(next.trim() || undefined), delay);
  return (
    <TextInput
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
        props.onKeyDown?.(event);
      }}
    />
  );
}
