import { describe, expect, it } from 'vitest';
import { formatApnInput, isCompleteApn } from './apn-mask';

describe('formatApnInput', () => {
  it.each([
    ['0120345006', '000-0000-000-0000', '012-0345-006'],
    ['012-0345-006-0000', '000-0000-000-0000', '012-0345-006-0000'],
    ['01203450060000999', '000-0000-000-0000', '012-0345-006-0000'],
    ['012 x 0345', '000-0000-000-0000', '012-0345'],
    ['012', '000-0000-000-0000', '012'],
    ['', '000-0000-000-0000', ''],
    ['048a70460010', '000a-0000-000-00', '048A-7046-001-0'],
    ['0487', '000a-0000-000-00', '048'],
  ])('formats %j by %s as %j', (input, mask, expected) => {
    expect(formatApnInput(input, mask)).toBe(expected);
  });
});

describe('isCompleteApn', () => {
  it('is true only when every position of the mask is filled', () => {
    expect(isCompleteApn('012-0345-006-0000', '000-0000-000-0000')).toBe(true);
    expect(isCompleteApn('012-0345-006-000', '000-0000-000-0000')).toBe(false);
    expect(isCompleteApn('048A-7046-001-00', '000a-0000-000-00')).toBe(true);
  });
});
