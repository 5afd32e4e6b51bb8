/** A county's code: short, upper-case. */
export const MAX_COUNTY_CODE_LENGTH = 50;
export const COUNTY_CODE_PATTERN = /^[A-Z0-9_]+$/;

/** An APN mask: 0 for a digit, a for a letter, - written as it is. */
export const MAX_MASK_LENGTH = 50;
export const MASK_PATTERN = /^[0a-]+$/;
