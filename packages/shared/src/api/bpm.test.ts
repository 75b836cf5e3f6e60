import { describe, expect, it } from 'vitest';
import { bpmLookupQuery, completeTaskInput, listenerInput, pluginButtonInput, startInstanceInput } from './bpm.ts';

describe('workflow API schemas', () => {
  it('takes a start with JSON variables and defaults the rest', () => {
    expect(startInstanceInput.parse({ definitionKey: 'leave' })).toEqual({ definitionKey: 'leave', businessKey: '', variables: {} });
    expect(startInstanceInput.safeParse({ definitionKey: '1 bad' }).success).toBe(false);
  });

  it('checks a listener’s event against its scope and wants a URL for calls', () => {
    const listener = { definitionKey: 'leave', scope: 'task', event: 'create', kind: 'log' };
    expect(listenerInput.safeParse(listener).success).toBe(true);
    expect(listenerInput.safeParse({ ...listener, event: 'start' }).success).toBe(false);
    expect(listenerInput.safeParse({ ...listener, kind: 'http', url: 'ftp://x' }).success).toBe(false);
  });

  it('reads a button’s variables from JSON text in a form body', () => {
    const button = pluginButtonInput.parse({
      code: 'reject',
      name: 'Reject',
      typeCode: 'approval',
      action: 'complete',
      variables: '{"approved":false}',
    });
    expect(button.variables).toEqual({ approved: false });
    expect(completeTaskInput.parse({})).toEqual({ variables: {}, comment: '' });
  });

  it('defaults a picker query to everything, twenty at most, and caps the limit', () => {
    expect(bpmLookupQuery.parse({})).toEqual({ text: '', limit: 20 });
    expect(bpmLookupQuery.parse({ text: 'man', limit: '5' })).toEqual({ text: 'man', limit: 5 });
    expect(bpmLookupQuery.safeParse({ limit: '500' }).success).toBe(false);
  });
});
