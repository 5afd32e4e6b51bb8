import { describe, expect, it } from 'vitest';
import {
  COUNTY_CODE_PATTERN,
  MASK_PATTERN,
  missingRequiredCountyFields,
  REQUIRED_COUNTY_TEXT_FIELDS,
} from './index.ts';

describe('the county rules', () => {
  it('takes masks of 0, a and - only', () => {
    expect(['000-0000-000-0000', '000a-0000', 'a', '-'].every((m) => MASK_PATTERN.test(m))).toBe(
      true,
    );
    expect(['', '000 000', '0000x', '000-A'].some((m) => MASK_PATTERN.test(m))).toBe(false);
  });

  it('takes codes of capital letters, digits and _ only', () => {
    expect(['SAC', 'LA_2', '_'].every((c) => COUNTY_CODE_PATTERN.test(c))).toBe(true);
    expect(['', 'sac', 'SA C', 'SAC-1'].some((c) => COUNTY_CODE_PATTERN.test(c))).toBe(false);
  });

  it('names every required field that is absent, null or blank, in the order of the form', () => {
    const complete = {
      name: 'Sacramento',
      code: 'SAC',
      uiMask: '000-0000',
      dataMask: '0000000',
      format: '012-0345',
      linkUrl: 'https://recorder.example.gov',
      alertSendGridEmailTemplateId: 'alert',
      isEnabled: false,
    };
    expect(missingRequiredCountyFields(complete)).toEqual([]);
    expect(
      missingRequiredCountyFields({ ...complete, code: '  ', format: null, isEnabled: undefined }),
    ).toEqual(['code', 'format', 'isEnabled']);
    expect(missingRequiredCountyFields({})).toHaveLength(8);
    expect(missingRequiredCountyFields(['name'])).toEqual([]);
    expect(REQUIRED_COUNTY_TEXT_FIELDS).not.toContain('isEnabled');
    expect(REQUIRED_COUNTY_TEXT_FIELDS).toHaveLength(7);
  });
});
