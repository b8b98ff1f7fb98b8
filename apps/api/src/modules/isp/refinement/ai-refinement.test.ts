/**
 * The optional AI refinement against a real OpenAI-compatible HTTP server on 127.0.0.1: no PHI in any request; a
 * good answer applied (restored names, raised flag, thresholds kept, a note); bad JSON, an HTTP 500, a timeout, an
 * invented risk, an unknown placeholder, a refused connection: the rule-based result kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '../extraction/pdf-text.ts';
import { extractIsp } from '../extraction/protocol-extraction.ts';
import type { ExtractedIsp, PageText } from '../extraction/types.ts';
import { testIspPdf } from '../isp.test-support.ts';
import { refineExtraction, refinementNote, riskSectionText, type IspAiEndpoint } from './ai-refinement.ts';
import {
  improvingAnswer,
  inventingAnswer,
  phiRisks,
  phiStrings,
  startFakeAiServer,
  type FakeAiServer,
} from './fake-ai-server.test-support.ts';

let server: FakeAiServer;
let endpoint: IspAiEndpoint;
let pages: PageText[];
let extracted: ExtractedIsp;
const known = { names: ['Casey Client'], ids: ['PR0001'] };

beforeAll(async () => {
  server = await startFakeAiServer();
  endpoint = { baseUrl: server.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 2_000 };
  pages = await readPdfText(await testIspPdf(phiRisks));
  extracted = extractIsp(pages);
  expect(extracted.protocols.map((protocol) => protocol.riskType)).toEqual(['Seizures', 'Choking']);
});
afterAll(() => server.close());

const refine = (overrides: Partial<IspAiEndpoint> = {}) =>
  refineExtraction({ ...endpoint, ...overrides }, { extracted, pages, ...known });

describe('refineExtraction', () => {
  it('sends the risk section and protocols redacted, never a name, date of birth, id, phone, email or address', async () => {
    server.requests.length = 0;
    server.answer = improvingAnswer;
    await refine();
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.model).toBe('test-model');
    expect(riskSectionText(extracted, pages)).toContain('Maria Lopez');
    for (const phi of phiStrings) expect(request?.raw, phi).not.toContain(phi);
    expect(request?.user.text).toContain('[PERSON_');
    expect(request?.user.text).toContain('[DATE_');
    expect(request?.user.text).toContain('[PHONE_');
    expect(request?.user.text).toContain('[EMAIL_');
    expect(request?.user.text).toContain('[ADDRESS_');
    expect(request?.user.text).toContain('Lives at [ADDRESS_1].');
    expect(request?.user.text).toContain('Call the nurse if there are more than 2');
    expect(request?.user.protocols).toHaveLength(2);
  });

  it('applies a good answer: names restored, flag raised, thresholds read again, a note saying what changed', async () => {
    server.answer = improvingAnswer;
    const outcome = await refine();
    expect(outcome.status).toBe('applied');
    expect(outcome.changedFields).toBe(2);
    expect(outcome.addedProtocols).toBe(0);
    const choking = outcome.extracted.protocols.find((protocol) => protocol.riskType === 'Choking');
    expect(choking?.prevention).toBe(
      'Cut food into small pieces. Sit with Casey during meals. Encourage coughing.',
    );
    expect(choking?.mar).toBe(true);
    // Sources of the rule-based extraction stay (the viewer still highlights where the text was found).
    expect(choking?.sources.prevention?.length).toBeGreaterThan(0);
    const seizures = outcome.extracted.protocols.find((protocol) => protocol.riskType === 'Seizures');
    expect(seizures).toEqual(extracted.protocols[0]);
    expect(outcome.extracted.warnings.at(-1)).toBe(
      'AI refinement (test-model) changed 2 field(s) and added 0 protocol(s): Choking (prevention, mar). Check them against the PDF before finalizing.',
    );
    expect(outcome.redacted.PERSON).toBeGreaterThan(0);
    expect(outcome.sentChars).toBeGreaterThan(100);
  });

  it('never lowers a flag or deletes a section the rules found', async () => {
    server.answer = (request) => ({
      content: JSON.stringify({
        protocols: request.user.protocols.map((protocol) => ({
          ...protocol,
          serious: false,
          prevention: null,
        })),
      }),
    });
    const outcome = await refine();
    expect(outcome.status).toBe('unchanged');
    expect(outcome.extracted).toBe(extracted);
  });

  it.each([
    ['bad JSON', () => ({ content: 'Sure! Here are the protocols: {' }), 'invalid'],
    ['JSON of another shape', () => ({ content: JSON.stringify({ risks: [] }) }), 'invalid'],
    ['an HTTP 500', () => ({ status: 500 }), 'failed'],
    ['an invented risk', inventingAnswer, 'invented'],
    [
      'words that are not in the ISP',
      (request: Parameters<typeof improvingAnswer>[0]) => ({
        content: JSON.stringify({
          protocols: request.user.protocols.map((protocol) => ({
            ...protocol,
            response: 'Give insulin and call the cardiologist immediately.',
          })),
        }),
      }),
      'invented',
    ],
    [
      'a placeholder it was not given',
      (request: Parameters<typeof improvingAnswer>[0]) => ({
        content: JSON.stringify({
          protocols: request.user.protocols.map((protocol) => ({
            ...protocol,
            prevention: 'Sit with [PERSON_99] during meals.',
          })),
        }),
      }),
      'invalid',
    ],
  ] as const)('keeps the rule-based result on %s', async (_case, answer, status) => {
    server.answer = answer;
    const outcome = await refine();
    expect(outcome.status).toBe(status);
    expect(outcome.extracted).toBe(extracted);
    expect(refinementNote(outcome, endpoint.timeoutMs)).toMatch(/^AI refinement was not used \(/);
  });

  it('keeps the rule-based result when the answer does not come within the time bound', async () => {
    server.answer = () => ({ delayMs: 1_500, ...improvingAnswer(server.requests.at(-1)!) });
    const started = performance.now();
    const outcome = await refine({ timeoutMs: 300 });
    expect(performance.now() - started).toBeLessThan(1_400);
    expect(outcome.status).toBe('timeout');
    expect(outcome.extracted).toBe(extracted);
    expect(refinementNote(outcome, 300)).toBe(
      'AI refinement was not used (there was no answer within 300 ms); the extraction shown is the rule-based one.',
    );
  });

  it('keeps the rule-based result when nothing listens at the endpoint', async () => {
    const outcome = await refine({ baseUrl: 'http://127.0.0.1:9/v1' });
    expect(outcome.status).toBe('failed');
    expect(outcome.extracted).toBe(extracted);
  });

  it('adds a risk the rules missed when its words are in the ISP', async () => {
    server.answer = (request) => ({
      content: JSON.stringify({
        protocols: [
          ...request.user.protocols,
          { riskType: 'Dry food', prevention: 'Cut food into small pieces.', serious: false },
        ],
      }),
    });
    const outcome = await refine();
    expect(outcome.status).toBe('applied');
    expect(outcome.addedProtocols).toBe(1);
    const added = outcome.extracted.protocols.at(-1);
    expect(added).toMatchObject({
      riskType: 'Dry food',
      prevention: 'Cut food into small pieces.',
      sortOrder: 2,
      sources: {},
    });
  });
});
