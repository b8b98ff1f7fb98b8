import { describe, expect, it } from 'vitest';
import { caregiverInput, caseManagerInput, clientInput } from '@tend/contracts';
import { FORM_ERROR, toFormErrors, zodResolver } from './zod-resolver.ts';

const clientLabels = {
  name: 'Name',
  email: 'Email',
  emails: 'Additional emails',
  ispMonth: 'ISP month',
  caseManagerId: 'Case manager',
};
const clientFields = [
  'name',
  'email',
  'emails',
  'altNames',
  'pid',
  'budgetClientId',
  'clientPrime',
  'ispMonth',
  'serviceElement',
  'caseManagerId',
];

const validClient = {
  name: 'Ada Lovelace',
  email: '',
  emails: [],
  altNames: [],
  pid: '',
  budgetClientId: '',
  clientPrime: '',
  ispMonth: null,
  serviceElement: '',
  caseManagerId: null,
};

describe('zodResolver', () => {
  it('returns no errors for valid values (empty optional text is fine)', () => {
    expect(zodResolver(clientInput)(validClient)).toEqual({});
  });

  it('puts each issue on its field, with the label in front of a lowercase contract message', () => {
    const errors = zodResolver(clientInput, { labels: clientLabels })({
      ...validClient,
      name: '   ',
      email: 'not-an-email',
      ispMonth: 13,
    });
    expect(errors).toEqual({
      name: 'Name is required',
      email: 'Email must be a valid email address',
      ispMonth: 'ISP month must be a month 1-12',
    });
  });

  it('without labels keeps the message, capitalised', () => {
    expect(zodResolver(caseManagerInput)({ name: '', county: '', email: '' })).toEqual({
      name: 'Is required',
    });
  });

  it('keeps nested paths as dotted keys, or rolls them up to the input they belong to', () => {
    const values = { ...validClient, emails: ['ok@example.org', 'nope'] };
    expect(zodResolver(clientInput)(values)).toEqual({ 'emails.1': 'Must be a valid email address' });
    expect(zodResolver(clientInput, { labels: clientLabels, fields: clientFields })(values)).toEqual({
      emails: 'Additional emails must be a valid email address',
    });
  });

  it('says "is required" for an empty required choice instead of zod\'s type message', () => {
    const errors = zodResolver(caregiverInput, { labels: { type: 'Type' } })({
      name: 'Bo',
      email: '',
      emails: [],
      altNames: [],
      type: null,
    });
    expect(errors).toEqual({ type: 'Type is required' });
  });

  it('reports a wrong (non-empty) choice with the schema message', () => {
    const errors = zodResolver(caregiverInput)({
      name: 'Bo',
      email: '',
      emails: [],
      altNames: [],
      type: 'ASTRONAUT',
    });
    expect(Object.keys(errors)).toEqual(['type']);
    expect(errors.type).not.toBe('Is required');
  });

  it('keeps only the first message of a field', () => {
    const errors = zodResolver(clientInput, { fields: clientFields })({ ...validClient, emails: ['x', 'y'] });
    expect(errors).toEqual({ emails: 'Must be a valid email address' });
  });
});

describe('toFormErrors (server field errors)', () => {
  it('places problem+json paths on their inputs and the rest on the form', () => {
    const errors = toFormErrors(
      [
        { path: 'email', message: 'is already used by another client' },
        { path: 'emails.0', message: 'must be a valid email address' },
        { path: 'body', message: 'must be an object' },
      ],
      { labels: clientLabels, fields: clientFields },
    );
    expect(errors).toEqual({
      email: 'Email is already used by another client',
      emails: 'Additional emails must be a valid email address',
      [FORM_ERROR]: 'body: must be an object',
    });
  });

  it('an empty path is a form error', () => {
    expect(toFormErrors([{ path: '', message: 'Conflict' }])).toEqual({ [FORM_ERROR]: 'Conflict' });
  });
});
