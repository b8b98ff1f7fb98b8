/**
 * `/socketTest` (spec s.2; issue 22 "`/socketTest` as admin diagnostics of the realtime channel"; decision 0061): the
 * browser's one realtime connection (`lib/realtime.ts`) seen from inside — its status and socket id, a
 * `realtime:ping` every second with the round trip and the answering instance (a chart and a table of the last 20),
 * the status changes as they happen, and buttons to break the connection ("Drop connection": the transport closes
 * as if the network failed, so the spec's backoff of 1, 2, 5, 10 s shows), close it ("Disconnect") and open it
 * again at once ("Reconnect now"). The server's own figures (sockets on the instance, adapter) come from
 * `GET /api/admin/realtime`. Admin only, English.
 */
import { useEffect, useRef, useState } from 'react';
import { LineChart } from '@mantine/charts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { realtimeEvents, REALTIME_RECONNECT_DELAYS_MS, reconnectDelayMs } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import {
  connectRealtime,
  emitClientEvent,
  endRealtime,
  reconnectRealtimeNow,
  useRealtimeStatus,
} from '../../../lib/realtime.ts';
import type { RealtimeStatus } from '../../../lib/realtime.ts';
import { useRealtimeFigures } from '../api/realtime-figures.ts';

const KEPT = 20;

interface Ping {
  seq: number;
  at: number;
  rttMs: number | null;
  instanceId: string | null;
  error: string | null;
}

export function statusWords(status: RealtimeStatus): string {
  switch (status.state) {
    case 'connecting':
      return 'Connecting';
    case 'connected':
      return 'Connected';
    case 'reconnecting':
      return `Reconnecting: attempt ${status.attempt} in ${status.delayMs / 1000} s`;
    case 'ended':
      return 'Disconnected';
  }
}

const statusColor = {
  connecting: 'yellow',
  connected: 'green',
  reconnecting: 'orange',
  ended: 'gray',
} as const;

export function StatusBadge({ status }: { status: RealtimeStatus }) {
  return (
    <Badge color={statusColor[status.state]} variant="light" size="lg" data-testid="realtime-status">
      {statusWords(status)}
    </Badge>
  );
}

/** Pings every second while connected; keeps the last {@link KEPT}. */
function usePings(connected: boolean): Ping[] {
  const [pings, setPings] = useState<Ping[]>([]);
  const seq = useRef(0);
  useEffect(() => {
    if (!connected) return;
    let stopped = false;
    const once = async () => {
      const n = ++seq.current;
      const started = performance.now();
      const at = Date.now();
      let ping: Ping;
      try {
        const answer = await emitClientEvent(realtimeEvents.ping, { sentAt: at });
        ping = {
          seq: n,
          at,
          rttMs: Math.round((performance.now() - started) * 10) / 10,
          instanceId: answer.instanceId,
          error: null,
        };
      } catch (error) {
        ping = {
          seq: n,
          at,
          rttMs: null,
          instanceId: null,
          error: error instanceof Error ? error.message : 'failed',
        };
      }
      if (!stopped) setPings((list) => [...list, ping].slice(-KEPT));
    };
    void once();
    const timer = setInterval(() => void once(), 1_000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [connected]);
  return pings;
}

/** Each status change of the connection, newest first (the last 12); recorded while rendering the change. */
function useStatusLog(status: RealtimeStatus) {
  const words = statusWords(status);
  const [log, setLog] = useState<{ at: string; words: string }[]>([]);
  const [seen, setSeen] = useState<string | null>(null);
  if (seen !== words) {
    setSeen(words);
    setLog((list) =>
      [{ at: new Date().toLocaleTimeString('en-US', { hour12: false }), words }, ...list].slice(0, 12),
    );
  }
  return log;
}

const clock = (at: number) => new Date(at).toLocaleTimeString('en-US', { hour12: false });

function PingSection({ pings }: { pings: Ping[] }) {
  const answered = pings.filter((ping) => ping.rttMs !== null);
  const sorted = answered.map((ping) => ping.rttMs as number).sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Round trips (realtime:ping, every second)
        </Title>
        <Text size="sm">
          {answered.length} of the last {pings.length} answered
          {median !== null ? `; median ${median} ms, worst ${sorted[sorted.length - 1]} ms` : ''}.
        </Text>
        {answered.length > 1 ? (
          <figure style={{ margin: 0 }} aria-label="Line chart of the last round trips in milliseconds">
            <LineChart
              h={160}
              data={answered.map((ping) => ({ ping: `#${ping.seq}`, 'Round trip': ping.rttMs }))}
              dataKey="ping"
              unit=" ms"
              series={[{ name: 'Round trip', color: 'teal.7' }]}
              withDots={false}
              curveType="linear"
            />
          </figure>
        ) : null}
        <Table.ScrollContainer minWidth={300} mah={320}>
          <Table striped aria-label="Last round trips" data-testid="ping-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Round trip</Table.Th>
                <Table.Th>Instance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...pings].reverse().map((ping) => (
                <Table.Tr key={ping.seq}>
                  <Table.Td>{ping.seq}</Table.Td>
                  <Table.Td>{clock(ping.at)}</Table.Td>
                  <Table.Td>{ping.rttMs !== null ? `${ping.rttMs} ms` : `failed (${ping.error})`}</Table.Td>
                  <Table.Td>{ping.instanceId?.slice(0, 8) ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}

function ServerFigures({ state }: { state: RealtimeStatus['state'] }) {
  const figures = useRealtimeFigures();
  const { refetch } = figures;
  // Read again when this browser's connection changes (it is one of the sockets counted).
  useEffect(() => {
    void refetch();
  }, [state, refetch]);
  if (figures.error) return <ApiErrorAlert error={figures.error} />;
  const f = figures.data;
  return (
    <Card withBorder>
      <Stack gap={4}>
        <Title order={2} size="h4">
          Server
        </Title>
        {f ? (
          <>
            <Text size="sm">Instance: {f.instanceId.slice(0, 8)}</Text>
            <Text size="sm" data-testid="server-sockets">
              Sockets on this instance: {f.localSockets}
            </Text>
            <Text size="sm">
              Adapter:{' '}
              {f.adapter === 'postgres' ? 'PostgreSQL (across instances)' : 'in memory (one process)'}
            </Text>
            <Text size="sm">
              Timeout {f.timeoutMs / 1000} s · heartbeat {f.heartbeatMs / 1000} s · reconnect after{' '}
              {f.reconnectDelaysMs.map((ms) => ms / 1000).join(', ')} s
            </Text>
          </>
        ) : (
          <Text size="sm">Loading…</Text>
        )}
      </Stack>
    </Card>
  );
}

export function SocketTestPage() {
  const status = useRealtimeStatus();
  const pings = usePings(status.state === 'connected');
  const log = useStatusLog(status);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Realtime test
        </Title>
        <Text c="dimmed" size="sm">
          The realtime channel of this browser: its state, a round trip every second, and the server&apos;s
          figures. &ldquo;Drop connection&rdquo; breaks it as a network failure would, to watch reconnecting
          after 1, 2, 5 and 10 seconds.
        </Text>
      </div>
      <Group gap="sm" wrap="wrap">
        <StatusBadge status={status} />
        <Text size="sm" data-testid="socket-id">
          Socket: {status.state === 'connected' ? status.socketId : '—'}
        </Text>
      </Group>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          color="orange"
          onClick={() => connectRealtime().io.engine.close()}
          disabled={status.state !== 'connected'}
        >
          Drop connection
        </Button>
        <Button variant="default" onClick={() => endRealtime()} disabled={status.state === 'ended'}>
          Disconnect
        </Button>
        <Button onClick={() => reconnectRealtimeNow()} disabled={status.state === 'connected'}>
          Reconnect now
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PingSection pings={pings} />
        <Stack gap="md">
          <ServerFigures state={status.state} />
          <Card withBorder>
            <Title order={2} size="h4">
              What happened
            </Title>
            <Stack gap={2} role="log" aria-label="Connection changes" mt="xs">
              {log.map((entry, index) => (
                <Text size="sm" key={`${entry.at}-${index}`}>
                  {entry.at} · {entry.words}
                </Text>
              ))}
            </Stack>
            <Text size="xs" c="dimmed" mt="xs">
              Reconnect plan (spec s.9):{' '}
              {[1, 2, 3, 4, 5]
                .map((attempt) => `attempt ${attempt} after ${reconnectDelayMs(attempt) / 1000} s`)
                .join(', ')}
              ; then every {(REALTIME_RECONNECT_DELAYS_MS.at(-1) ?? 10_000) / 1000} s.
            </Text>
          </Card>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
