/**
 * Pasted ISP text read as extraction reads a PDF (issue 19 `/test-protocol-creation`; docs/isp-extraction.md "Pasted
 * text"): table rows copied from a PDF viewer or Word (label, tab(s) or 2+ spaces, text), labelled paragraphs with the
 * serious-risk markers, CRLF line ends and non-breaking spaces.
 */
import { describe, expect, it } from 'vitest';

import { extractIsp } from './extraction/protocol-extraction.ts';
import { pagesOfText } from './pasted-text.ts';

function extract(text: string) {
  return extractIsp(pagesOfText(text)).protocols;
}

const sections = (protocol: ReturnType<typeof extract>[number] | undefined) =>
  protocol && {
    riskType: protocol.riskType,
    description: protocol.description,
    prevention: protocol.prevention,
    response: protocol.response,
    emergency: protocol.emergency,
  };

describe('pasted risk tables', () => {
  it('reads tab-separated rows as the two-column table', () => {
    const protocols = extract(
      [
        'Risk Identification and Support Protocols',
        'Risk\tChoking',
        'Description\tEats quickly and does not chew.',
        'Supports/Prevention\tCut food into bite-size pieces.',
        'Response\tEncourage coughing.',
        'Emergency\tCall 911 if not breathing.',
      ].join('\n'),
    );
    expect(protocols.map(sections)).toEqual([
      {
        riskType: 'Choking',
        description: 'Eats quickly and does not chew.',
        prevention: 'Cut food into bite-size pieces.',
        response: 'Encourage coughing.',
        emergency: 'Call 911 if not breathing.',
      },
    ]);
  });

  it('reads rows separated by two or more spaces, and by several tabs', () => {
    const protocols = extract(
      [
        'Risk    Choking',
        'Supports/Prevention    Cut food into bite-size pieces.',
        'Response  Encourage coughing.',
        'Emergency\t\t\tCall 911.',
        '',
        'Risk\t\tFalls',
        'Serious risk?\t\tYes',
        'Supports/Prevention\t\tWalker within reach.',
      ].join('\n'),
    );
    expect(protocols.map(sections)).toEqual([
      {
        riskType: 'Choking',
        description: null,
        prevention: 'Cut food into bite-size pieces.',
        response: 'Encourage coughing.',
        emergency: 'Call 911.',
      },
      {
        riskType: 'Falls',
        description: null,
        prevention: 'Walker within reach.',
        response: null,
        emergency: null,
      },
    ]);
    expect(protocols.map((protocol) => protocol.serious)).toEqual([false, true]);
  });

  it('goes on with a cell continued on the next lines (indented, after a tab, or not indented)', () => {
    const protocols = extract(
      [
        'Risk\tChoking',
        'Supports/Prevention\tCut food into bite-size pieces.',
        '\tSit upright while eating.',
        'Response    Encourage coughing.',
        '            Stay with him until he is breathing easily.',
        'Emergency\tCall 911 if he cannot breathe',
        'or turns blue.',
      ].join('\n'),
    );
    expect(protocols.map(sections)).toEqual([
      {
        riskType: 'Choking',
        description: null,
        prevention: 'Cut food into bite-size pieces. Sit upright while eating.',
        response: 'Encourage coughing. Stay with him until he is breathing easily.',
        emergency: 'Call 911 if he cannot breathe or turns blue.',
      },
    ]);
  });

  it('goes on with a Word cell of several paragraphs and bullets, until a blank line or a labelled line', () => {
    const protocols = extract(
      [
        'Risk\tChoking',
        'Supports/Prevention\tCut food into bite-size pieces.',
        'Sit upright while eating.',
        'Response\t• Encourage coughing.',
        '• Call the nurse.',
        'Emergency\tCall 911.',
        '',
        'Notes about the plan year.',
        'Risk\tFalls',
        'Supports/Prevention\tWalker within reach.',
        'Emergency plan: Call 911 after a fall with a head injury.',
      ].join('\n'),
    );
    expect(protocols.map(sections)).toEqual([
      {
        riskType: 'Choking',
        description: null,
        prevention: 'Cut food into bite-size pieces. Sit upright while eating.',
        response: '• Encourage coughing.\n• Call the nurse.',
        emergency: 'Call 911.',
      },
      {
        riskType: 'Falls',
        description: null,
        prevention: 'Walker within reach.',
        response: null,
        emergency: 'Call 911 after a fall with a head injury.',
      },
    ]);
    expect(protocols[0]?.escalationSteps).toEqual(['Encourage coughing.', 'Call the nurse.']);
  });

  it('reads CRLF line ends and non-breaking spaces as separators and spaces', () => {
    const protocols = extract(
      [
        'Risk\u00a0\u00a0\u00a0Seizures',
        'Serious\u00a0risk?\u00a0\u00a0Yes',
        'Supports/Prevention\u00a0\u00a0Take medication as prescribed; see MAR.',
        'Response\tTime the seizure.',
      ].join('\r\n'),
    );
    expect(protocols.map(sections)).toEqual([
      {
        riskType: 'Seizures',
        description: null,
        prevention: 'Take medication as prescribed; see MAR.',
        response: 'Time the seizure.',
        emergency: null,
      },
    ]);
    expect(protocols[0]).toMatchObject({ serious: true, mar: true, medicationReferences: ['see MAR'] });
  });

  it('sets MAR and PBSP from the pasted table text', () => {
    const [protocol] = extract(
      [
        'Risk\tAggression',
        'Supports/Prevention\tFollow the PBSP.',
        'Response\tOffer PRN Lorazepam per the MAR.',
      ].join('\n'),
    );
    expect(protocol).toMatchObject({ riskType: 'Aggression', pbsp: true, mar: true, serious: false });
  });
});

describe('pasted labelled paragraphs', () => {
  it('keeps sentences typed with two spaces after the full stop as one paragraph, not a table', () => {
    const protocols = extract(
      [
        'Risk: Choking',
        'Response: Encourage coughing.  Stay with him.',
        'Keep him upright.  Watch his breathing.',
        'Emergency plan: Call 911.  Start back blows.',
      ].join('\n'),
    );
    expect(protocols.map(sections)).toEqual([
      {
        riskType: 'Choking',
        description: null,
        prevention: null,
        response: 'Encourage coughing. Stay with him. Keep him upright. Watch his breathing.',
        emergency: 'Call 911. Start back blows.',
      },
    ]);
  });

  it('reads "Serious risk? Yes" on the line under "Risk:" as the flag, not as part of the risk type', () => {
    const protocols = extract(
      [
        'Risk: Choking',
        'Serious risk? Yes',
        'Prevention / supports: Cut food small.',
        'Response: Encourage coughing.',
        '',
        'Risk: Falls',
        'Serious risk? No',
        'Prevention / supports: Walker within reach.',
      ].join('\n'),
    );
    expect(protocols.map((protocol) => [protocol.riskType, protocol.serious])).toEqual([
      ['Choking', true],
      ['Falls', false],
    ]);
    expect(protocols[0]?.prevention).toBe('Cut food small.');
  });

  it('reads "(SERIOUS RISK)" on the risk line', () => {
    const protocols = extract(
      ['Risk: Choking (SERIOUS RISK)', 'Prevention / supports: Cut food small.'].join('\n'),
    );
    expect(protocols.map((protocol) => [protocol.riskType, protocol.serious])).toEqual([['Choking', true]]);
  });

  it('reads numbered headings followed by labelled paragraphs in any order', () => {
    const protocols = extract(
      [
        '1. Choking (SERIOUS RISK)',
        'Emergency plan: Call 911.',
        'Prevention / supports: Cut food small.',
        'What to do:',
        '1. Encourage coughing.',
        '2. Call the nurse.',
        '',
        '2. Falls',
        'Serious risk? No',
        'Description: Unsteady on stairs.',
        'Prevention / supports: Walker within reach.',
      ].join('\n'),
    );
    expect(protocols.map(sections)).toEqual([
      {
        riskType: 'Choking',
        description: null,
        prevention: 'Cut food small.',
        response: '1. Encourage coughing.\n2. Call the nurse.',
        emergency: 'Call 911.',
      },
      {
        riskType: 'Falls',
        description: 'Unsteady on stairs.',
        prevention: 'Walker within reach.',
        response: null,
        emergency: null,
      },
    ]);
    expect(protocols.map((protocol) => protocol.serious)).toEqual([true, false]);
    expect(protocols[0]?.escalationSteps).toEqual(['Encourage coughing.', 'Call the nurse.']);
  });
});
