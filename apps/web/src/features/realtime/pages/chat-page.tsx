/**
 * `/chat` (spec s.2; issue 22 "`/chat` … as admin diagnostics of the realtime channel"; decision 0061): an echo chat
 * between the tabs and devices of the signed-in admin. On open (and after every reconnect) the page joins the room
 * `diagnostics:<accountId>` (`diagnostics:join`); a line sent (`diagnostics:say`) comes back to every joined socket
 * of this admin as `diagnostics:said`, with the latency from the sender's clock to this tab (exact between tabs of
 * one browser; across devices it includes their clock difference). Nothing is stored. Admin only, English.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  DIAGNOSTICS_MESSAGE_MAX_CHARS,
  realtimeDiagnosticsEvents as events,
  type DiagnosticsSaid,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import {
  emitClientEvent,
  useRealtimeReconnected,
  useRealtimeStatus,
  useServerEvent,
} from '../../../lib/realtime.ts';
import { StatusBadge } from './socket-test-page.tsx';

interface Line extends DiagnosticsSaid {
  receivedAt: number;
  mine: boolean;
}

/** Joins the diagnostics room whenever the connection is (re)established; the sockets in it, or the error. */
function useDiagnosticsRoom(connected: boolean) {
  const [joined, setJoined] = useState<{ socketsInRoom: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);
  useRealtimeReconnected(() => setGeneration((n) => n + 1));
  useEffect(() => {
    if (!connected) return;
    let live = true;
    emitClientEvent(events.join, {}).then(
      (answer) => live && (setJoined(answer), setError(null)),
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
  }, [connected, generation]);
  return { joined, error };
}

function ChatLines({ lines }: { lines: Line[] }) {
  return (
    <>
      {lines.length ? (
        <Stack gap="xs" role="log" aria-label="Messages">
          {lines.map((line) => (
            <Card withBorder padding="xs" key={`${line.id}-${line.receivedAt}`} data-testid="chat-line">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line.text}
                </Text>
                <Group gap={4}>
                  <Badge size="sm" variant="light" color={line.mine ? 'teal' : 'blue'}>
                    {line.mine ? 'from this tab' : `from ${line.fromSocketId.slice(0, 6)}`}
                  </Badge>
                  <Badge size="sm" variant="outline" data-testid="chat-latency">
                    {Math.max(0, line.receivedAt - line.sentAt)} ms
                  </Badge>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Alert variant="light" role="status">
          No messages yet. Send one, then open this page in another tab to see it arrive there.
        </Alert>
      )}
    </>
  );
}

export function ChatPage() {
  const status = useRealtimeStatus();
  const connected = status.state === 'connected';
  const mySocket = connected ? status.socketId : null;
  const room = useDiagnosticsRoom(connected);
  const [lines, setLines] = useState<Line[]>([]);
  const [text, setText] = useState('');
  const [sendError, setSendError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  useServerEvent(events.said, (said) =>
    setLines((list) =>
      [...list, { ...said, receivedAt: Date.now(), mine: said.fromSocketId === mySocket }].slice(-100),
    ),
  );
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setSendError(new Error('Write something to send'));
    setSending(true);
    try {
      await emitClientEvent(events.say, { id: crypto.randomUUID(), text, sentAt: Date.now() });
      setText('');
      setSendError(null);
    } catch (error) {
      setSendError(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={1} size="h2">
          Chat (realtime diagnostics)
        </Title>
        <Text c="dimmed" size="sm">
          Open this page in a second tab or on another device signed in as you: what you send here appears in
          each of them with the time it took. Only your own sessions receive it, and nothing is kept.
        </Text>
      </div>
      <Group gap="sm">
        <StatusBadge status={status} />
        {room.joined ? (
          <Text size="sm" data-testid="chat-sockets">
            Your open connections: {room.joined.socketsInRoom}
          </Text>
        ) : null}
      </Group>
      {room.error ? <ApiErrorAlert error={room.error} /> : null}
      <form onSubmit={(event) => void send(event)}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Message"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={DIAGNOSTICS_MESSAGE_MAX_CHARS}
            style={{ flex: 1 }}
            autoComplete="off"
          />
          <Button type="submit" loading={sending} disabled={!connected}>
            Send
          </Button>
        </Group>
      </form>
      {sendError ? <ApiErrorAlert error={sendError} /> : null}
      <ChatLines lines={lines} />
    </Stack>
  );
}
