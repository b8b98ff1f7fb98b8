/**
 * A real OpenAI-compatible HTTP server for the refinement's tests (node:http on 127.0.0.1, an ephemeral port): it
 * records every request body and answers `POST /v1/chat/completions` with what the test's `answer` returns (a
 * chat-completions body with that content, a status, or a delay).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The request as the model would see it: the system prompt and the user message parsed as JSON. */
export interface SeenRequest {
  raw: string;
  model: string;
  user: { protocols: Record<string, unknown>[]; text: string };
}

/** What the server answers: message `content` (a string), or an HTTP `status`, after `delayMs`. */
export interface FakeAnswer {
  content?: string;
  status?: number;
  delayMs?: number;
}

export interface FakeAiServer {
  /** The base URL to configure (`…/v1`). */
  baseUrl: string;
  requests: SeenRequest[];
  /** How the next requests are answered. */
  answer: (request: SeenRequest) => FakeAnswer;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the server; `close()` it after the tests. */
export async function startFakeAiServer(): Promise<FakeAiServer> {
  const fake: Omit<FakeAiServer, 'baseUrl' | 'close'> = {
    requests: [],
    answer: () => ({ status: 500 }),
  };
  const server = createServer((request, response) => {
    void (async () => {
      const raw = await bodyOf(request);
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
      const seen: SeenRequest = {
        raw,
        model: body.model,
        user: JSON.parse(
          body.messages.find((message) => message.role === 'user')?.content ?? '{}',
        ) as SeenRequest['user'],
      };
      fake.requests.push(seen);
      const answer = fake.answer(seen);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (response.destroyed) return;
      if (answer.status && answer.status !== 200) {
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end('{"error":"x"}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: answer.content ?? '' } }],
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const started: FakeAiServer = Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return started;
}

/**
 * A good answer for the test ISP: the protocols as sent, Choking's prevention extended with a sentence of the ISP's
 * text (with the placeholder the request used for the name), and MAR raised on Choking.
 */
export function improvingAnswer(request: SeenRequest): FakeAnswer {
  const protocols = request.user.protocols.map((protocol) =>
    protocol.riskType === 'Choking'
      ? {
          ...protocol,
          mar: true,
          prevention: `${String(protocol.prevention)} Encourage coughing.`,
        }
      : protocol,
  );
  return { content: JSON.stringify({ protocols }) };
}

/** An answer that adds a risk the ISP never mentions. */
export function inventingAnswer(request: SeenRequest): FakeAnswer {
  return {
    content: JSON.stringify({
      protocols: [
        ...request.user.protocols,
        { riskType: 'Diabetes', prevention: 'Check blood sugar before meals.', serious: true },
      ],
    }),
  };
}

/** Risks for a test ISP whose text holds PHI: the client's name, date of birth, Medicaid id, guardian, phone, email, address. */
export const phiRisks = [
  {
    risk: 'Seizures',
    serious: true,
    description:
      'Casey Client (DOB 04/12/1988, Medicaid ID PR0001) has tonic-clonic seizures, about two a month. Guardian: Maria Lopez, (503) 555-0142, maria.lopez@example.org. Lives at 1420 Maple Street, Salem.',
    prevention: 'Give seizure medication on time as listed on the MAR. Keep a seizure log.',
    response:
      'Time the seizure. Protect the head. Call the nurse if there are more than 2 seizures in 24 hours.',
    emergency: 'Call 911 if a seizure lasts more than 5 minutes.',
  },
  {
    risk: 'Choking',
    description: 'Casey eats quickly and has choked on dry food.',
    prevention: 'Cut food into small pieces. Sit with Casey during meals.',
    response: 'Encourage coughing. Give back blows if Casey cannot breathe.',
    emergency: 'Call 911 if the airway stays blocked.',
  },
];

/** Strings of {@link phiRisks} that must never leave Tend. */
export const phiStrings = [
  'Casey',
  'Client Casey',
  'Maria',
  'Lopez',
  '04/12/1988',
  'PR0001',
  '555-0142',
  'maria.lopez',
  'example.org',
  '1420 Maple',
];
