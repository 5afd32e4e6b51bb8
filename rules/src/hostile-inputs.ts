/**
 * Inputs that make a super-linear pattern backtrack for seconds: a long run the pattern can
 * split many ways, then a character that makes every split fail. For tests of patterns and of
 * the routes that apply them; not part of any rule.
 */
export function hostileInputs(length = 100 * 1024): Array<readonly [label: string, input: string]> {
  const run = (unit: string) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  return [
    ["'@'×N + ' a'", `${run('@')} a`],
    ["'a@'×N + ' '", `${run('a@')} `],
    ["' '×N + '\\x00'", `${run(' ')}\u0000`],
    ["'!'×N + '\\x00'", `${run('!')}\u0000`],
    ["'a'×N + '!'", `${run('a')}!`],
    ["'A '×N + '/'", `${run('A ')}/`],
    ["'0'×N + 'x'", `${run('0')}x`],
    ["'-'×N + 'x'", `${run('-')}x`],
    ["'\\x00'×N + '0\\x00'", `${run('\u0000')}0\u0000`],
  ];
}
