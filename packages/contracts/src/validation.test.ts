import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueMessage, issuePath } from './validation';

/** The field messages a schema's issues map to, by path (as the server and the web forms show them). */
function messagesFor(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issuePath(issue.path), issueMessage(issue)]));
}

const Signup = z.strictObject({
  email: z.email(),
  fname: z.string().min(1).max(40),
  nickname: z.string().min(3).optional(),
  password: z.string().min(8, { error: 'validation.passwordMin' }),
  age: z.number().int().min(0).max(150).optional(),
  children: z.array(z.strictObject({ name: z.string().min(1) })).optional(),
});
const valid = { email: 'grace@example.test', fname: 'Grace', password: 'listen-along' };

describe('issueMessage', () => {
  it('says a missing value is required', () => {
    expect(messagesFor(Signup, { password: 'listen-along' })).toEqual({
      email: { key: 'validation.required' },
      fname: { key: 'validation.required' },
    });
  });

  it('says an empty or null value is required', () => {
    expect(messagesFor(Signup, { ...valid, fname: '' })).toEqual({ fname: { key: 'validation.required' } });
    expect(messagesFor(Signup, { ...valid, fname: null })).toEqual({ fname: { key: 'validation.required' } });
  });

  it('says a too-long string is too long, with the maximum', () => {
    expect(messagesFor(Signup, { ...valid, fname: 'G'.repeat(41) })).toEqual({
      fname: { key: 'validation.tooLong', values: { max: 40 } },
    });
  });

  it('says a too-short string is too short, with the minimum', () => {
    expect(messagesFor(Signup, { ...valid, nickname: 'Al' })).toEqual({
      nickname: { key: 'validation.tooShort', values: { min: 3 } },
    });
  });

  it('passes through a message key the schema names explicitly', () => {
    expect(messagesFor(Signup, { ...valid, password: 'short' })).toEqual({ password: { key: 'validation.passwordMin' } });
  });

  it('keeps plain-text messages out: only catalog keys pass through', () => {
    const schema = z.string().min(8, { error: 'Too short!' });

    expect(messagesFor(schema, 'short')).toEqual({ '': { key: 'validation.tooShort', values: { min: 8 } } });
  });

  it('gives number limits', () => {
    expect(messagesFor(Signup, { ...valid, age: -1 })).toEqual({ age: { key: 'validation.tooSmall', values: { min: 0 } } });
    expect(messagesFor(Signup, { ...valid, age: 151 })).toEqual({ age: { key: 'validation.tooBig', values: { max: 150 } } });
  });

  it('says a value of the wrong type or format is invalid', () => {
    expect(messagesFor(Signup, { ...valid, age: 'seven' })).toEqual({ age: { key: 'validation.invalid' } });
    expect(messagesFor(Signup, { ...valid, age: 7.5 })).toEqual({ age: { key: 'validation.invalid' } });
    expect(messagesFor(Signup, { ...valid, email: 'not-an-email' })).toEqual({ email: { key: 'validation.invalid' } });
  });

  it('says an unknown field is unknown', () => {
    expect(messagesFor(Signup, { ...valid, is_admin: true })).toEqual({ '': { key: 'validation.unknownField' } });
  });

  it('names nested fields by their dotted path', () => {
    expect(messagesFor(Signup, { ...valid, children: [{ name: 'Ana' }, { name: '' }] })).toEqual({
      'children.1.name': { key: 'validation.required' },
    });
  });
});

describe('issuePath', () => {
  it('joins the path with dots; the empty path is the whole input', () => {
    expect(issuePath(['children', 0, 'name'])).toBe('children.0.name');
    expect(issuePath([])).toBe('');
  });
});
