import { describe, expect, it } from 'vitest';
import { apnKey, foldLetters, nameKey } from './index.ts';

describe('apnKey', () => {
  it('keeps only letters and digits, upper-cased', () => {
    expect(apnKey(' 012-0345-006-0000 ')).toBe('01203450060000');
    expect(apnKey('048a-7046.001 00')).toBe('048A704600100');
  });
});

describe('nameKey', () => {
  it('upper-cases, drops punctuation and collapses spaces', () => {
    expect(nameKey('Smith,  John A.')).toBe('SMITH JOHN A');
    expect(nameKey("O'Brien Mary")).toBe('OBRIEN MARY');
    expect(nameKey('ACME HOLDINGS, L.L.C.')).toBe('ACME HOLDINGS L L C');
  });

  it('folds accents to their letters, as the recorder writes the name', () => {
    expect(nameKey('IBARGÜEN JOSÉ')).toBe('IBARGUEN JOSE');
    expect(nameKey('Peñaflor, José M.')).toBe('PENAFLOR JOSE M');
    expect(nameKey('NÚÑEZ RAMÓN')).toBe(nameKey('NUNEZ RAMON'));
    expect(nameKey('ĐẶNG VĂN HÙNG')).toBe('DANG VAN HUNG');
    // Accents written as combining marks (decomposed), as some keyboards and feeds send them.
    expect(nameKey('IBARGU\u0308EN JOSE\u0301')).toBe('IBARGUEN JOSE');
  });

  it('spells out the letters that carry no accent to drop', () => {
    expect(nameKey('Østergaard Søren')).toBe('OSTERGAARD SOREN');
    expect(nameKey('Straße Jürgen')).toBe('STRASSE JURGEN');
    expect(nameKey('ÆBELØ KÅRE')).toBe('AEBELO KARE');
    expect(nameKey('Łukasz Wałęsa')).toBe('LUKASZ WALESA');
  });

  it('drops an apostrophe however it is written', () => {
    expect(nameKey('O’Brien Mary')).toBe('OBRIEN MARY');
    expect(nameKey('D`Angelo Rosa')).toBe('DANGELO ROSA');
  });
});

describe('foldLetters', () => {
  it('keeps the case and everything that is not a letter with an accent', () => {
    expect(foldLetters('Peñaflor, José (Jr.)')).toBe('Penaflor, Jose (Jr.)');
    expect(foldLetters('SMITH JOHN A')).toBe('SMITH JOHN A');
  });
});
